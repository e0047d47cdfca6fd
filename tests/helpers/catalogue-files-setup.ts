// Every test process translates as the Node faces do: a language's catalogues are read from
// src/locales when first asked for (electron/engine/util/catalogue-files.ts), so an engine module or a
// renderer component imported by a test speaks as it does in the CLI and the app.
import { useCatalogueFiles } from '../../electron/engine/util/catalogue-files.js';

useCatalogueFiles();

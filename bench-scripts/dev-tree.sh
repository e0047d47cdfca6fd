# dev-tree: what `npm install`, `git status` and a bundler feel: a dependency tree shaped like a real
# node_modules (generated here from a seed, never downloaded), extracted, walked, read and deleted.
# Args: --dir DIR [--trials N] [--files N] [--seed N] [--modules-dir DIR2] [--tool ... (ignored: tar, find, cat, rm)]
# Events: start, per trial sample tree_extract_s, tree_walk_s, tree_read_s, tree_delete_s and progress; result, end.
# With --modules-dir, each trial also measures the mixed layout Docker users are told to use: the
# project's own files (package.json, src/) in DIR and node_modules in DIR2 (e.g. a named volume):
# samples mixed_extract_s, mixed_walk_s, mixed_read_s, mixed_delete_s, over both folders.
#
# The tree: a project (package.json, src/ with about 4% of the files) and its node_modules: packages (10% scoped @scope/name) with package.json, README.md, LICENSE, index.js, a lib/
# (sometimes lib/<sub>/) of .js/.d.ts files, source maps, 1 in 50 packages with a 100 KiB-1 MiB bundle
# in dist/, 1 in 20 with a nested node_modules, and node_modules/.bin symlinks. Sizes follow a
# long tail: most files under 4 KiB. The same --seed gives the same tree on every system (Park-Miller
# generator, exact in any awk's doubles). It is built once in the work folder, packed with tar, and
# each trial extracts the tar into a fresh folder (then sync), walks it (find -size: one lstat per
# entry), reads every file (find -exec cat), and deletes it (rm -rf). Caches are dropped before the
# walk and the read where allowed (root on Linux); the result says whether they were.

VB_SEED=''; VB_MODS=''
vb_flags seed
vb_extra_arg() {
  case $1 in
    --modules-dir) [ -d "$2" ] || vb_die bad-dir 2 "--modules-dir $2 is not a directory"; VB_MODS=$2; return 0 ;;
  esac
  return 1
}

# The generator: MODE plan prints "d DIR" and "l TARGET NAME" lines; MODE write writes the files (in cwd).
VB_TREE_AWK='
function rnd() { seed = (16807 * seed) % 2147483647; return seed / 2147483647 }
function ri(a, b) { return a + int(rnd() * (b - a + 1)) }
# Content has its own generator, so planning and writing draw the same names and sizes.
function crnd() { cseed = (16807 * cseed) % 2147483647; return cseed / 2147483647 }
function ci(a, b) { return a + int(crnd() * (b - a + 1)) }
function cword(   n, s, i) { n = ci(2, 4); s = ""; for (i = 0; i < n; i++) s = s syl[ci(1, nsyl)]; return s }
function word(   n, s, i) { n = ri(2, 4); s = ""; for (i = 0; i < n; i++) s = s syl[ri(1, nsyl)]; return s }
function fsize(   r) { r = rnd(); if (r < 0.55) return ri(60, 1500); if (r < 0.85) return ri(1500, 4096); if (r < 0.97) return ri(4096, 24576); return ri(24576, 98304) }
function put(path, size,   left, off, n) {
  files++
  if (mode != "write") return
  left = size
  while (left > 0) { off = ci(1, plen - 4096); n = (left < 4096) ? left : 4096; printf "%s", substr(pool, off, n) > path; left -= n }
  close(path)
}
function dir(path) { dirs++; if (mode == "plan") print "d " path }
function pkg(base, name, nested,   p, nlib, i, sd, ext) {
  p = base "/" name; dir(p)
  put(p "/package.json", ri(500, 2500)); put(p "/README.md", fsize()); put(p "/LICENSE", ri(1000, 1200)); put(p "/index.js", fsize())
  nlib = (rnd() < 0.15) ? ri(20, 80) : ri(1, 12)
  if (nlib > 0) { dir(p "/lib"); sd = (nlib > 20) ? p "/lib/" word() : ""; if (sd != "") dir(sd) }
  for (i = 0; i < nlib; i++) {
    ext = (rnd() < 0.2) ? ".d.ts" : ".js"
    put(((sd != "" && i % 2) ? sd : p "/lib") "/" word() i ext, fsize())
    if (rnd() < 0.1) put(p "/lib/" word() i ".js.map", ri(4096, 65536))
  }
  if (rnd() < 0.02) { dir(p "/dist"); put(p "/dist/" name ".min.js", ri(102400, 1048576)) }
  # 1 in 10 top-level packages has a command: node_modules/.bin/<name> -> ../<package>/index.js
  if (rnd() < 0.1 && !nested && mode == "plan") print "l ../" substr(p, 14) "/index.js node_modules/.bin/" name
  if (!nested && rnd() < 0.05) { dir(p "/node_modules"); for (i = ri(1, 4); i > 0; i--) pkg(p "/node_modules", word() "-" i, 1) }
}
BEGIN {
  split("ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu", syl, " ")
  nsyl = 0; for (k in syl) nsyl++
  seed = (seed0 % 2147483646) + 1; cseed = seed
  if (mode == "write") {
    # ~64 KiB of JavaScript-like text; every file is a slice of it (text, as in real packages).
    while (length(pool) < 65536) pool = pool sprintf("export function %s(%s) { return %s.%s(%d); }\n", cword(), cword(), cword(), cword(), ci(0, 99999))
    plen = length(pool)
  }
  files = 0; n = 0
  # The project itself: package.json and src/ (components, lib, utils), about 4% of the files.
  put("package.json", ri(800, 3000)); dir("src")
  split("components lib utils pages hooks", sdirs, " ")
  for (i = 1; i <= 5; i++) dir("src/" sdirs[i])
  for (i = int(want / 25) + 10; i > 0; i--) put("src/" sdirs[ri(1, 5)] "/" word() i ((rnd() < 0.3) ? ".ts" : ".js"), fsize())
  dir("node_modules"); dir("node_modules/.bin")
  while (files < want) {
    n++
    if (rnd() < 0.1) { sc = "@" word(); if (!(sc in scopes)) { scopes[sc] = 1; dir("node_modules/" sc) } pkg("node_modules/" sc, word() "-" n, 0) }
    else pkg("node_modules", word() "-" n, 0)
  }
  if (mode == "count") printf "%d %d\n", files, dirs
}'

vb_dev_tree_main() {
  vb_init dev-tree "$@"
  : "${VB_FILES:=25000}" "${VB_SEED:=1}"
  vb_positive --files "$VB_FILES"
  vb_params="{\"files\":$VB_FILES,\"seed\":$VB_SEED,\"trials\":$VB_TRIALS}"
  vb_start "$vb_params"
  for vb_t in tar find cat rm awk xargs ln; do
    command -v $vb_t >/dev/null 2>&1 || vb_die tool-missing 4 "$vb_t not found in this target (dev-tree needs tar, find, cat, rm, awk, xargs and ln)"
  done
  # the tree (about 8 KiB a file on average), its tar, and one extracted copy
  vb_check_space $(( VB_FILES * 8 * 3 / 1024 + 1 )) "a $VB_FILES-file dependency tree, its tar and one extracted copy"
  vb_mkwork
  cd "$VB_WORK" || vb_die tool-failed 1 "cannot enter $VB_WORK"
  mkdir tree && cd tree || vb_die tool-failed 1 "cannot create $VB_WORK/tree"
  awk -v mode=plan -v want="$VB_FILES" -v seed0="$VB_SEED" "$VB_TREE_AWK" >"$VB_WORK/plan" </dev/null || vb_die tool-failed 1 'awk could not plan the tree'
  vb_run sh -c 'sed -n "s/^d //p" "$1" | xargs mkdir -p' sh "$VB_WORK/plan" || vb_die tool-failed 1 "mkdir failed building the tree in $VB_WORK"
  vb_run awk -v mode=write -v want="$VB_FILES" -v seed0="$VB_SEED" "$VB_TREE_AWK" || vb_die tool-failed 1 "awk failed writing the tree in $VB_WORK"
  vb_run sh -c 'sed -n "s/^l //p" "$1" | xargs -n 2 ln -s' sh "$VB_WORK/plan" || vb_die tool-failed 1 "ln -s failed building the tree in $VB_WORK"
  cd "$VB_WORK" && vb_run tar cf proj.tar -C tree package.json src && vb_run tar cf mods.tar -C tree node_modules || vb_die tool-failed 1 "tar could not pack the tree in $VB_WORK"
  vb_files=$(find tree -type f | wc -l | tr -d ' '); vb_dirs=$(find tree -type d | wc -l | tr -d ' '); vb_links=$(find tree -type l | wc -l | tr -d ' ')
  vb_mib=$(du -sk tree | awk '{ printf "%.0f", $1 / 1024 }')
  vb_run rm -rf tree plan || vb_die tool-failed 1 "rm -rf could not delete $VB_WORK/tree"
  if [ -n "$VB_MODS" ]; then
    VB_WORK2="$(cd "$VB_MODS" && pwd)/${VB_WORK##*/}"
    mkdir "$VB_WORK2" || { VB_WORK2=''; vb_die bad-dir 2 "cannot create a work directory in $VB_MODS (read-only, or no permission)"; }
  fi
  vb_sync_init "$VB_WORK"
  vb_settle
  vb_e=''; vb_w=''; vb_r=''; vb_d=''; vb_me=''; vb_mw=''; vb_mr=''; vb_md=''; vb_cold=yes; vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_tree_trial t t
    vb_sample $vb_i tree_extract_s "$vb_te"; vb_e="$vb_e $vb_te"
    vb_sample $vb_i tree_walk_s "$vb_tw"; vb_w="$vb_w $vb_tw"
    vb_sample $vb_i tree_read_s "$vb_tr"; vb_r="$vb_r $vb_tr"
    vb_sample $vb_i tree_delete_s "$vb_td"; vb_d="$vb_d $vb_td"
    if [ -n "$VB_WORK2" ]; then
      vb_tree_trial t "$VB_WORK2/t"
      vb_sample $vb_i mixed_extract_s "$vb_te"; vb_me="$vb_me $vb_te"
      vb_sample $vb_i mixed_walk_s "$vb_tw"; vb_mw="$vb_mw $vb_tw"
      vb_sample $vb_i mixed_read_s "$vb_tr"; vb_mr="$vb_mr $vb_tr"
      vb_sample $vb_i mixed_delete_s "$vb_td"; vb_md="$vb_md $vb_td"
    fi
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_cold = yes ]; then vb_cache='caches dropped before the walk and the read'
  else vb_cache='caches could not be dropped (not root, or a container), so the walk and the read may be served from memory'; fi
  vb_mixed=''; vb_mixed_how=''
  if [ -n "$VB_WORK2" ]; then
    vb_mixed=",\"mixed_extract_s\":$(vb_stat_json "$vb_me"),\"mixed_walk_s\":$(vb_stat_json "$vb_mw"),\"mixed_read_s\":$(vb_stat_json "$vb_mr"),\"mixed_delete_s\":$(vb_stat_json "$vb_md")"
    vb_mixed_how="; mixed layout: package.json and src/ in $VB_DIR, node_modules in $VB_MODS, each step over both"
  fi
  vb_result sh '' \
    "a node_modules-like tree from seed $VB_SEED: $vb_files files, $vb_dirs folders, $vb_links symlinks, $vb_mib MiB; extract: tar xf then $VB_SYNC_NAME (after an untimed one); walk: find -size (one lstat per entry); read: find -exec cat; delete: rm -rf; $vb_cache$vb_mixed_how; clock $VB_CLOCK_NAME" \
    "{\"files\":$VB_FILES,\"seed\":$VB_SEED,\"trials\":$VB_TRIALS,\"treeFiles\":$vb_files,\"treeDirs\":$vb_dirs,\"treeLinks\":$vb_links,\"treeMiB\":$vb_mib}" \
    "mkdir t && tar xf proj.tar -C t && tar xf mods.tar -C t && sync$([ "$VB_SYNCF" = 1 ] && echo ' -f t'); find t -size +0 >/dev/null; find t -type f -exec cat {} + >/dev/null; rm -rf t" \
    "{\"tree_extract_s\":$(vb_stat_json "$vb_e"),\"tree_walk_s\":$(vb_stat_json "$vb_w"),\"tree_read_s\":$(vb_stat_json "$vb_r"),\"tree_delete_s\":$(vb_stat_json "$vb_d")$vb_mixed}"
  vb_finish
}

vb_tree_trial() { # PROJ MODS: extract the project into PROJ and node_modules into MODS, walk, read, delete; sets vb_te vb_tw vb_tr vb_td
  vb_p=$1; vb_m=$2
  [ "$vb_m" = "$vb_p" ] && set -- "$vb_p" # the usual layout: one folder
  vb_sync "$VB_WORK" ${VB_WORK2:+"$VB_WORK2"} # untimed: earlier writes and deletes are on disk before the clock starts
  vb_t0=$(vb_now)
  mkdir "$@" && vb_run tar xf proj.tar -C "$vb_p" && vb_run tar xf mods.tar -C "$vb_m" && vb_sync "$VB_WORK" ${VB_WORK2:+"$VB_WORK2"} || vb_die tool-failed 1 "tar could not extract the tree into $*"
  vb_t1=$(vb_now)
  vb_drop_caches || vb_cold=no
  vb_t2=$(vb_now); vb_run_quiet find "$@" -size +0 || vb_die tool-failed 1 "find failed in $*"; vb_t3=$(vb_now)
  vb_drop_caches || vb_cold=no
  vb_t4=$(vb_now); vb_run_quiet find "$@" -type f -exec cat {} + || vb_die tool-failed 1 "reading the tree failed in $*"; vb_t5=$(vb_now)
  vb_got=$(find "$@" -type f | wc -l | tr -d ' ')
  [ "$vb_got" = "$vb_files" ] || vb_die tool-failed 1 "expected $vb_files files in $* after extracting, found $vb_got"
  vb_t6=$(vb_now); vb_run rm -rf "$@"; vb_t7=$(vb_now)
  { [ -e "$vb_p" ] || [ -e "$vb_m" ]; } && vb_die tool-failed 1 "rm -rf could not delete $*"
  vb_te=$(vb_secs "$vb_t0" "$vb_t1"); vb_tw=$(vb_secs "$vb_t2" "$vb_t3"); vb_tr=$(vb_secs "$vb_t4" "$vb_t5"); vb_td=$(vb_secs "$vb_t6" "$vb_t7")
}

vb_secs() { # START END: elapsed seconds (floored at the clock resolution)
  awk -v s="$1" -v e="$2" -v r="$VB_CLOCK_RES" 'BEGIN { d = e - s; if (d < r) d = r; printf "%.3f", d }'
}

vb_dev_tree_main "$@"

// A generated project for the command test: a git repository of small source files in nested folders, committed.
// One generator for the tests and perf's command section (scripts/git-project.mjs).
export { makeGitProject } from '../../scripts/git-project.mjs';

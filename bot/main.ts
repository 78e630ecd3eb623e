// The Discord companion is not built yet. `npm run bot` says so plainly and exits non-zero, so no one mistakes it
// for a bot that runs and does nothing; README.md lists it under what is being built.
console.error(
  [
    "The Thumbforge Discord bot is not built yet: there is nothing to run.",
    "Everything that exists today runs with `npm start` (see README.md).",
  ].join("\n"),
);
process.exit(1);

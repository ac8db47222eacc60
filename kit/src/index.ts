// @stockwise/kit: the list-and-form kit (see README.md). Bundled into each remote that uses it.
export {};

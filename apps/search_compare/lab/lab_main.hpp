#pragma once
// `search-compare lab`: the search lab's server (docs/search_lab.md).
namespace hsearch::lab {

// argv[0] is "lab"; returns the program's exit status.
int lab_main(int argc, char** argv);

}  // namespace hsearch::lab

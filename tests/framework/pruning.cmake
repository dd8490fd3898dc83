# The move-pruning automata tests (framework/include/hsearch/pruning/), included by
# tests/framework/CMakeLists.txt.
hsearch_add_gtest(pruning_test SOURCES pruning_test.cpp)

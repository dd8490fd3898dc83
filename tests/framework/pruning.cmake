# The move-pruning automata tests (framework/include/hsearch/pruning/), included by
# tests/framework/CMakeLists.txt. One source, two suites: the fast one, and the slow one
# (HSEARCH_PRUNING_SLOW) that learns the 15-puzzle's automaton to depth 12 and checks it.
hsearch_add_gtest(pruning_test SOURCES pruning_test.cpp)
hsearch_add_gtest(pruning_slow_test SLOW SOURCES pruning_test.cpp)
if(TARGET pruning_slow_test)
  target_compile_definitions(pruning_slow_test PRIVATE HSEARCH_PRUNING_SLOW=1)
endif()

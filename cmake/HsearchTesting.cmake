# hsearch_add_gtest(<target> [SLOW] SOURCES <files...> [LIBS <targets...>])
# Builds one GoogleTest executable and registers each test case with ctest. Fast suites carry the
# ctest label "fast"; SLOW ones the label "slow" (the default test command runs `ctest -LE slow`).
# With HSEARCH_BUILD_SLOW_TESTS=OFF the SLOW executables are not built at all (CI's sanitizer
# build, which runs only the fast suite); a caller that configures one checks if(TARGET ...).
function(hsearch_add_gtest target)
  cmake_parse_arguments(ARG "SLOW" "" "SOURCES;LIBS" ${ARGN})
  if(ARG_SLOW AND NOT HSEARCH_BUILD_SLOW_TESTS)
    return()  # not built: the slow label's tests are not run from this build
  endif()
  add_executable(${target} ${ARG_SOURCES})
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_link_libraries(${target} PRIVATE hsearch::framework GTest::gtest GTest::gtest_main ${ARG_LIBS})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_compile_definitions(${target} PRIVATE
    HSEARCH_DEFAULT_DATA_DIR="${HSEARCH_DATA_DIR}"
    HSEARCH_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    HSEARCH_BINARY_DIR="${CMAKE_BINARY_DIR}")
  if(HSEARCH_SANITIZE)
    # (tests/sweep.hpp: long sweeps take half their cases under the sanitizers)
    target_compile_definitions(${target} PRIVATE HSEARCH_SANITIZED)
  endif()
  if(ARG_SLOW)
    set(label slow)
  else()
    set(label fast)
  endif()
  gtest_discover_tests(${target} PROPERTIES LABELS ${label} DISCOVERY_TIMEOUT 60)
endfunction()

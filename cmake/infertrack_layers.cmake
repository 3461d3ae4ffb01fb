# One static library per layer folder; a layer links only the layers below it.
function(infertrack_layer name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/src/infertrack/${name}/*.cpp)
  if(sources)
    add_library(infertrack_${name} STATIC ${sources})
    target_include_directories(infertrack_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(infertrack_${name} PUBLIC ${ARG_DEPS})
  else()
    # A layer that is still headers only.
    add_library(infertrack_${name} INTERFACE)
    target_include_directories(infertrack_${name} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(infertrack_${name} INTERFACE ${ARG_DEPS})
  endif()
endfunction()

# One test executable per layer: every .cpp under tests/<layer>/ (tests and their helpers).
function(infertrack_layer_tests name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/tests/${name}/*.cpp)
  if(NOT sources)
    return()
  endif()
  add_executable(test_${name} ${sources})
  target_include_directories(test_${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(test_${name} PRIVATE ${ARG_DEPS} GTest::gtest_main GTest::gmock)
  target_compile_definitions(test_${name} PRIVATE
    INFERTRACK_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    INFERTRACK_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gtest_discover_tests(test_${name} DISCOVERY_TIMEOUT 60)
endfunction()

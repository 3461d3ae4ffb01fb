# Every header under src/infertrack compiles on its own, as Beast's tests check theirs: one generated .cpp per
# header that includes only that header, so a header that leans on what its includer included first fails the
# build. An OBJECT library: nothing links it, and it is part of the default build that scripts/build runs.
function(infertrack_header_check)
  file(GLOB_RECURSE headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/infertrack/*.hpp)
  set(sources)
  foreach(header IN LISTS headers)
    file(RELATIVE_PATH included ${PROJECT_SOURCE_DIR}/src ${header})
    string(REGEX REPLACE "[/.]" "_" stem ${included})
    set(source ${PROJECT_BINARY_DIR}/generated/header_check/${stem}.cpp)
    # Written only when its text changes, so that reconfiguring rebuilds nothing.
    file(CONFIGURE OUTPUT ${source} CONTENT "#include \"${included}\"\n" @ONLY)
    list(APPEND sources ${source})
  endforeach()
  add_library(infertrack_header_check OBJECT ${sources})
  # The top layer, for the include paths and libraries' headers of every layer below it.
  target_link_libraries(infertrack_header_check PRIVATE infertrack_cli)
endfunction()

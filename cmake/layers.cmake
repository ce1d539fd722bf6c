# The layers, bottom up. Each folder src/<layer>/ declares one target, npuzzle_<layer>, that
# names the layers it uses (and links them); its headers are include/npuzzle/<layer>/. The build
# fails when a file includes a header of a layer its own does not name.

# Adds to `target` a build step that checks the npuzzle includes of `files` against the headers
# matched by `headers` (regexes below include/) and those of each layer in `uses`.
function(npuzzle_check_includes target files headers uses)
  set(allowed "${headers}")
  foreach(used IN LISTS uses)
    get_property(used_headers GLOBAL PROPERTY npuzzle_layer_${used}_headers)
    if(NOT used_headers)
      message(FATAL_ERROR "${target} uses '${used}', which is no layer declared before it")
    endif()
    list(APPEND allowed "${used_headers}")
  endforeach()
  list(TRANSFORM files PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/ REGEX "^[^/]")
  string(REPLACE ";" "%" files_arg "${files}")
  string(REPLACE ";" "%" allowed_arg "${allowed}")
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/layers/${target}.checked)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DLAYER=${target} "-DALLOWED=${allowed_arg}" "-DFILES=${files_arg}"
      -P ${PROJECT_SOURCE_DIR}/cmake/check_includes.cmake
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/layers
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/check_includes.cmake
    COMMENT "Checking the includes of ${target}" VERBATIM)
  add_custom_target(${target}_includes DEPENDS ${stamp})
  add_dependencies(${target} ${target}_includes)
endfunction()

# Declares the layer of the calling folder: npuzzle_layer(name [SOURCES ...] [USES layer...]
# [LINKS outside-libraries...] [ALSO_HEADERS regex...]). Its headers are those under
# include/npuzzle/<name>/; ALSO_HEADERS names headers of lower layers that its own interface
# shows, so that a user of this layer may include them too.
function(npuzzle_layer name)
  cmake_parse_arguments(L "" "" "SOURCES;USES;LINKS;ALSO_HEADERS" ${ARGN})
  set(own "npuzzle/${name}/.*")
  set_property(GLOBAL PROPERTY npuzzle_layer_${name}_headers "${own};${L_ALSO_HEADERS}")
  file(GLOB own_headers ${PROJECT_SOURCE_DIR}/include/npuzzle/${name}/*.hpp)
  if(L_SOURCES)
    add_library(npuzzle_${name} STATIC ${L_SOURCES})
    set(scope PUBLIC)
    target_link_libraries(npuzzle_${name} PRIVATE $<BUILD_INTERFACE:npuzzle_warnings>)
  else()
    add_library(npuzzle_${name} INTERFACE)
    set(scope INTERFACE)
  endif()
  npuzzle_check_includes(npuzzle_${name} "${L_SOURCES};${own_headers}" "${own}" "${L_USES}")
  target_include_directories(npuzzle_${name} ${scope}
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:include>)
  foreach(used IN LISTS L_USES)
    target_link_libraries(npuzzle_${name} ${scope} npuzzle_${used})
  endforeach()
  if(L_LINKS)
    target_link_libraries(npuzzle_${name} ${scope} ${L_LINKS})
  endif()
  set_target_properties(npuzzle_${name} PROPERTIES EXPORT_NAME ${name})
  add_library(npuzzle::${name} ALIAS npuzzle_${name})
  set_property(GLOBAL APPEND PROPERTY npuzzle_layers npuzzle_${name})
endfunction()

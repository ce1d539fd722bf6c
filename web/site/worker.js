// The page's worker: loads the WebAssembly core and answers the page's requests one at a time,
// so the page stays responsive while a search runs (and Stop can end it by ending the worker).
// The solver keeps its tables in /tables, which IndexedDB backs: a 4x4 set built on one visit
// is read back on the next.
'use strict';
importScripts('npuzzle.js');

let tablesChanged = false;

function sync(FS, fromBrowser) {
  return new Promise((resolve, reject) => FS.syncfs(fromBrowser, (e) => (e ? reject(e) : resolve())));
}

const ready = createNpuzzle().then(async (core) => {
  let folder = '/tables';
  try {
    core.FS.mkdir(folder);
    core.FS.mount(core.FS.filesystems.IDBFS, {}, folder);
    await sync(core.FS, true);
  } catch (e) {
    folder = '';  // no IndexedDB (a private window, say): tables live as long as the page
    postMessage({ note: 'tables are kept in memory only: ' + e });
  }
  const solver = new core.Solver(folder, (line) => {
    tablesChanged = true;
    postMessage({ note: line });
  });
  postMessage({ ready: true });
  return { core, solver, persistent: folder !== '' };
});

onmessage = async (event) => {
  const { id, op, args } = event.data;
  let result;
  try {
    const { core, solver, persistent } = await ready;
    result = solver[op](...args);
    if (tablesChanged && persistent) {
      tablesChanged = false;
      // The answer stands either way; tables not kept are built again on the next visit.
      await sync(core.FS, false).catch((e) => postMessage({ note: 'tables not kept in the browser: ' + e }));
    }
  } catch (e) {
    result = { error: 'the solver failed: ' + (e && e.message ? e.message : e), input: false };
  }
  postMessage({ id, result });
};

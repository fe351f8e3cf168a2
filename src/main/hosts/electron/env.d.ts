// `?modulePath` imports (electron-vite: the path of a module built as a bundle of its own).
/// <reference types="electron-vite/node" />

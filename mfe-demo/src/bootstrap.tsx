// A remote has no page of its own: the shell mounts ./DemoSidebar. Nothing runs here on purpose.
export {};

/** @onair/realtime — see the modules exported below. */
export {};

/**
 * The play server: stored games and their repository, live rounds with one writer per game, the WebSocket
 * layer, the lobby and the engine opponent, with the browser board served as static files. Nothing depends on
 * this module.
 */
package dev.meijin.server;

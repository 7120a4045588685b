/**
 * The WebSocket layer: the sealed {@link dev.meijin.server.socket.ClientMessage}s parsed strictly and bounded
 * (size, rate, shape), translated into round commands; round events written as JSON to every connection
 * of a game. No game logic lives here.
 */
package dev.meijin.server.socket;

/**
 * The load driver: {@link dev.meijin.server.load.LoadDriver} holds many games on a running server through the
 * real HTTP and WebSocket protocol and measures the move round trip (a benchmark, run by {@code meijin load}).
 */
package dev.meijin.server.load;

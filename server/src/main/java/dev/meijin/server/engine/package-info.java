/**
 * The computer opponent: {@link dev.meijin.server.engine.EnginePool} runs the Meijin engine in-process on a
 * fixed number of worker threads, each with its own engine, so that any number of games against the computer
 * share a bounded amount of CPU and memory and never starve the games between people; and
 * {@link dev.meijin.server.engine.MateService} solves the mate problems sent to the tsume page on one thread.
 */
package dev.meijin.server.engine;

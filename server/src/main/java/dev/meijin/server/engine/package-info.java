/**
 * The computer opponent: {@link dev.meijin.server.engine.EnginePool} runs the Meijin engine in-process on a
 * fixed number of worker threads, each with its own engine, so that any number of games against the computer
 * share a bounded amount of CPU and memory and never starve the games between people; and
 * {@link dev.meijin.server.engine.MateService} solves the mate problems sent to the tsume page on one thread, each
 * during turns of the pool's workers, so that the solver and the engine together run no more searches at once than
 * the pool has workers; a game's move takes a worker back from a problem or an analysis whenever it needs one.
 */
package dev.meijin.server.engine;

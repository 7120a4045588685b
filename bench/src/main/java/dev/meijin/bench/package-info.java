/**
 * JMH benchmarks for the Meijin libraries: move generation, perft, do/undo and, later, evaluation
 * and mate search.
 *
 * <p>Built as {@code bench/target/benchmarks.jar}; see {@code docs/BENCHMARKS.md} for how to run
 * it. Benchmarks may use any module; no module may depend on this one. {@code PerftMain} times perft
 * outside JMH, as the command line does.
 *
 * <p>JMH generates subclasses of the benchmark and {@code @State} classes, so those are public and not
 * final.
 */
package dev.meijin.bench;

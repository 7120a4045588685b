/**
 * The mutable {@link dev.meijin.core.position.Position} with do/undo, legal move generation, Zobrist keys,
 * the unchecked {@link dev.meijin.core.position.Setup} and position validation. Depends on {@code core} and
 * {@code core.bits} only; no I/O, clocks or threads.
 */
package dev.meijin.core.position;

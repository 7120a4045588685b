/**
 * Internal bitboard kernels of the core: two-word ({@code long lo, hi}) square sets, attack tables and
 * slider rays. Nothing outside {@code dev.meijin.core} should use this package; it depends on nothing.
 */
package dev.meijin.core.bits;

/**
 * Perft: counting the leaves of the legal move tree, to check move generation against published counts and to
 * measure its speed. Generation itself is {@code Position.generate(GenType, int[], int)}. Depends on core and
 * core.position.
 */
package dev.meijin.core.movegen;

/** Move generation by type ({@code GenType}, {@code MoveGen}) and perft. Depends on core and core.position. */
package dev.meijin.core.movegen;

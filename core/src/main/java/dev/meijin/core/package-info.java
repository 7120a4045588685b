/**
 * Shogi vocabulary: {@link dev.meijin.core.Color}, {@link dev.meijin.core.Role}, the int codecs
 * {@link dev.meijin.core.Square}, {@link dev.meijin.core.Piece}, {@link dev.meijin.core.Move} and
 * {@link dev.meijin.core.Hand}, and the API values {@link dev.meijin.core.Bitboard} and
 * {@link dev.meijin.core.MoveOrDrop}. The core module has no runtime dependencies.
 */
package dev.meijin.core;

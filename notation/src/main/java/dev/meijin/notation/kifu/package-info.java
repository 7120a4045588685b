/**
 * The format-independent game record: {@link dev.meijin.notation.kifu.Kifu} (headers, start, move tree with
 * comments and times, special endings), and what readers and writers return. Depends on core only.
 */
package dev.meijin.notation.kifu;

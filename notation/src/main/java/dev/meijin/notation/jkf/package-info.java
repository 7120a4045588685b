/**
 * JKF, the JSON Kifu Format ({@code https://github.com/na2hiro/json-kifu-format}):
 * {@link dev.meijin.notation.jkf.JkfReader} reads it leniently into a {@link dev.meijin.notation.kifu.Kifu},
 * {@link dev.meijin.notation.jkf.JkfWriter} writes it, valid against the format's JSON Schema and equal, as a
 * JSON tree, to what the reference converter (shogi-kifu-converter) writes for the same record.
 *
 * <p>Uses Jackson (jackson-databind) for JSON, and no other library. Depends on {@code core} and
 * {@code dev.meijin.notation.kifu}; must not depend on the other record formats ({@code .kif}, {@code .ki2},
 * {@code .csa}, {@code .sfen}).
 */
package dev.meijin.notation.jkf;

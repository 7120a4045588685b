/**
 * Character encodings of record files, handled only at the I/O edge: {@link
 * dev.meijin.notation.encoding.TextDecoder} guesses how a file's bytes are encoded (UTF-8 with or without a
 * byte-order mark, Shift_JIS as Windows writes it, EUC-JP) and decodes them, and {@link
 * dev.meijin.notation.encoding.TextEncoder} writes text back in UTF-8 or Shift_JIS. Readers and writers of
 * the record formats work on {@code String}s only.
 *
 * <p>Depends on {@code dev.meijin.notation.kifu} (for {@link dev.meijin.notation.kifu.Problem}) and the JDK;
 * must not depend on the format packages.
 */
package dev.meijin.notation.encoding;

package dev.meijin.cli;

import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.encoding.Decoded;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads game record files for {@code convert}, {@code validate} and {@code notate}: the bytes are decoded and
 * the format detected from the content ({@link TextDecoder}, {@link Formats#detect}); the file name only
 * breaks ties.
 */
final class Records {
    private Records() {}

    /**
     * A record file as read.
     *
     * @param label the path as the user gave it (or as found under a directory), for messages
     * @param format the detected format
     * @param result the record and every problem found (undecodable bytes first)
     * @param blank whether the file holds nothing but white space
     */
    record Loaded(String label, Format format, ReadResult result, boolean blank) {
        Kifu kifu() {
            return result.kifu();
        }

        List<Problem> problems() {
            return result.problems();
        }

        /**
         * Whether nothing of a record was found: there are problems and the result is the empty record (even
         * start, no comment or move, and no header but lines that merely hold a colon, as prose does: none of
         * the {@linkplain Headers#isStandard standard keys}), so the text is in no format Meijin reads. An SFEN
         * or USI record is recognised by its line alone ({@code sfen …}, {@code position …}): a bad position
         * there is that record's problem (the reader assumes the even start and says so), not a text in no known
         * format.
         */
        boolean unreadable() {
            Kifu k = result.kifu();
            return !result.ok() && k.withHeaders(k.headers().stream().filter(h -> Headers.isStandard(h.key())).toList()).equals(Kifu.empty())
                    && (blank || format != Format.SFEN && format != Format.USI);
        }
    }

    /**
     * Reads a record file.
     *
     * @param path the file
     * @param label how messages name it
     * @return the record and its problems; a text that is not a record gives an {@linkplain Loaded#unreadable()
     *     unreadable} result
     * @throws IllegalArgumentException if the file cannot be read (missing, a directory, no permission)
     */
    static Loaded read(Path path, String label) {
        byte[] bytes = bytes(path, label);
        Decoded decoded = TextDecoder.decode(bytes);
        Optional<String> name = Optional.ofNullable(path.getFileName()).map(Path::toString);
        Format format = Formats.detect(decoded.text(), name);
        if (decoded.text().isBlank()) {
            // The KIF reader takes an empty text for an even game without moves; a file is no record then.
            List<Problem> problems = new ArrayList<>(decoded.problems());
            problems.add(new Problem(Problem.Kind.NO_RECORD, 0, 0, 0, bytes.length == 0 ? "the file is empty" : "the file holds nothing but white space"));
            return new Loaded(label, format, new ReadResult(Kifu.empty(), problems), true);
        }
        return new Loaded(label, format, decoded.read(text -> Formats.read(text, name)), false);
    }

    /**
     * Reads a record file that must hold a record.
     *
     * @param file the file, as given on the command line
     * @return the record and its problems
     * @throws IllegalArgumentException if the file cannot be read or holds no record in a known format
     */
    static Loaded readRecord(String file) {
        Loaded loaded = read(Path.of(file), file);
        if (loaded.unreadable()) {
            throw new IllegalArgumentException("cannot read " + file + ": not a game record in a known format "
                    + "(KIF, KI2, CSA, JKF, USI, SFEN): " + where(loaded.problems().getFirst()));
        }
        return loaded;
    }

    private static byte[] bytes(Path path, String label) {
        return readFile(path, label);
    }

    /**
     * The bytes of a regular file of at most {@link Limits#MAX_BYTES} bytes. The size is checked before
     * reading and again while reading (the file may grow), so memory never grows past the bound; a device, a
     * FIFO or a socket is refused unread, since it may never end.
     *
     * @param path the file
     * @param label how messages name it
     * @return its bytes
     * @throws IllegalArgumentException with a one-line reason if the file cannot be read or is too large
     */
    static byte[] readFile(Path path, String label) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            if (a.isDirectory()) {
                throw new IllegalArgumentException("cannot read " + label + ": it is a directory");
            }
            if (!a.isRegularFile()) {
                throw new IllegalArgumentException("cannot read " + label + ": not a regular file (a device, FIFO or socket)");
            }
            if (a.size() > Limits.MAX_BYTES) {
                throw new IllegalArgumentException("cannot read " + label + ": the file has " + a.size()
                        + " bytes; a game record may have at most " + Limits.MAX_BYTES + " (" + (Limits.MAX_BYTES >> 20) + " MiB)");
            }
            try (InputStream in = Files.newInputStream(path)) {
                return Limits.readBounded(in, label);
            }
        } catch (Limits.TooLargeException e) {
            throw new IllegalArgumentException("cannot read " + printable(e.getMessage()));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + label + ": " + why(e));
        }
    }

    /**
     * Why a file operation failed, in a few words: {@code no such file}, {@code permission denied},
     * {@code a loop of symbolic links}, else the system's own message.
     *
     * @param e the failure
     * @return the reason, without the file name
     */
    static String why(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            String reason = fse.getReason();
            if (reason.contains("symbolic links")) {
                return "a loop of symbolic links";
            }
            return printable(reason);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : printable(e.getMessage());
    }

    /**
     * Why a file operation on a path failed, for a message that names the path itself: {@code no such file or
     * directory} (the file, or a directory on its way), {@code permission denied}, {@code already exists},
     * {@code not a directory}, {@code is a directory}, else the system's reason.
     *
     * @param e the failure
     * @return the reason, without the file name
     */
    static String fileError(FileSystemException e) {
        return switch (e) {
            case NoSuchFileException n -> "no such file or directory";
            case AccessDeniedException a -> "permission denied";
            case FileAlreadyExistsException a -> "already exists";
            case NotDirectoryException n -> "not a directory";
            default -> {
                String reason = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
                yield printable(reason.isEmpty() ? reason : Character.toLowerCase(reason.charAt(0)) + reason.substring(1));
            }
        };
    }

    /**
     * A reading problem as compilers print them: {@code IN:LINE:COL: message}, leaving out a line or column
     * that is not known ({@code IN: message}, {@code IN:LINE: message}).
     *
     * @param label the file as the user named it
     * @param p the problem
     * @return one line
     */
    static String located(String label, Problem p) {
        StringBuilder sb = new StringBuilder(printable(label));
        if (p.line() > 0) {
            sb.append(':').append(p.line());
            if (p.column() > 0) {
                sb.append(':').append(p.column());
            }
        }
        return sb.append(": ").append(printable(p.message())).toString();
    }

    /**
     * A problem under its file: {@code line L, column C, ply P: message}, leaving out what is not known.
     *
     * @param p the problem
     * @return one line, without indentation
     */
    static String where(Problem p) {
        StringBuilder sb = new StringBuilder();
        if (p.line() > 0) {
            sb.append("line ").append(p.line());
            if (p.column() > 0) {
                sb.append(", column ").append(p.column());
            }
        }
        if (p.ply() > 0) {
            sb.append(sb.isEmpty() ? "" : ", ").append("ply ").append(p.ply());
        }
        return (sb.isEmpty() ? "" : sb + ": ") + printable(p.message());
    }

    /**
     * A message fit for one line on a terminal: control characters escaped ({@link #printable(String)}) and
     * at most {@link Limits#MAX_MESSAGE} characters, however much input it quotes.
     *
     * @param message the message
     * @return the message, escaped and cut
     */
    static String message(String message) {
        String p = printable(message);
        return p.length() <= Limits.MAX_MESSAGE ? p : p.substring(0, Limits.MAX_MESSAGE - 1) + "…";
    }

    /**
     * A message with each control character and each invisible format character (such as a right-to-left
     * override) written as a Java escape (a backslash, {@code u} and four lower-case hex digits, as the core's
     * SFEN and USI messages write them). Messages quote the input, and a file may hold escape sequences that a
     * terminal would obey, line breaks that would split a one-line report, or characters that reorder the text
     * around them.
     *
     * @param message the message
     * @return the message, unchanged if it has no control character
     */
    static String printable(String message) {
        StringBuilder sb = null;
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                if (sb == null) {
                    sb = new StringBuilder(message.length() + 16).append(message, 0, i);
                }
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? message : sb.toString();
    }
}

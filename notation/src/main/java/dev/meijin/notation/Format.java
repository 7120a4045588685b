package dev.meijin.notation;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The record formats, with the file extensions that conventionally carry them. */
public enum Format {
    /** Kakinoki KIF: {@code .kif} (Shift_JIS) and {@code .kifu} (UTF-8). */
    KIF("kif", "kifu"),
    /** Kakinoki KI2: {@code .ki2} (Shift_JIS) and {@code .ki2u} (UTF-8). */
    KI2("ki2", "ki2u"),
    /** CSA standard format: {@code .csa}. */
    CSA("csa"),
    /** JSON Kifu Format: {@code .jkf}, {@code .json}. */
    JKF("jkf", "json"),
    /** A USI {@code position} command or its arguments: {@code .usi}. */
    USI("usi"),
    /** A single SFEN position: {@code .sfen}. */
    SFEN("sfen");

    private final List<String> extensions;

    Format(String... extensions) {
        this.extensions = List.of(extensions);
    }

    /** The extensions, without the dot, the first being the one to write. */
    public List<String> extensions() {
        return extensions;
    }

    /**
     * The format a file name's extension names, case-insensitively.
     *
     * @param fileName a file name or path
     * @return the format, or empty for an unknown or missing extension
     */
    public static Optional<Format> byFileName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || dot == fileName.length() - 1) {
            return Optional.empty();
        }
        String ext = fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            if (f.extensions.contains(ext)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}

package dev.meijin.engine;

import java.util.List;

/**
 * An engine option as USI lists it ({@code option name … type … default …}).
 *
 * @param name the option name
 * @param type its USI type
 * @param defaultValue its default, as text
 * @param min the minimum of a spin
 * @param max the maximum of a spin
 * @param choices the values of a combo
 */
public record EngineOption(String name, Type type, String defaultValue, long min, long max, List<String> choices) {

    /** Copies the choices. */
    public EngineOption {
        choices = List.copyOf(choices);
    }

    /** USI option types. */
    public enum Type {
        /** A boolean ({@code true}/{@code false}). */
        CHECK,
        /** An integer within bounds. */
        SPIN,
        /** One of a list of values. */
        COMBO,
        /** Free text. */
        STRING,
        /** A file name. */
        FILENAME;

        /** The USI keyword. */
        public String usi() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static EngineOption spin(String name, long def, long min, long max) {
        return new EngineOption(name, Type.SPIN, Long.toString(def), min, max, List.of());
    }

    static EngineOption check(String name, boolean def) {
        return new EngineOption(name, Type.CHECK, Boolean.toString(def), 0, 0, List.of());
    }

    static EngineOption combo(String name, String def, List<String> choices) {
        return new EngineOption(name, Type.COMBO, def, 0, 0, choices);
    }

    static EngineOption file(String name, String def) {
        return new EngineOption(name, Type.FILENAME, def, 0, 0, List.of());
    }

    /** The USI line that declares this option. */
    public String usiLine() {
        StringBuilder sb = new StringBuilder("option name ").append(name).append(" type ").append(type.usi());
        sb.append(" default ").append(defaultValue.isEmpty() ? "<empty>" : defaultValue);
        if (type == Type.SPIN) {
            sb.append(" min ").append(min).append(" max ").append(max);
        }
        for (String c : choices) {
            sb.append(" var ").append(c);
        }
        return sb.toString();
    }
}

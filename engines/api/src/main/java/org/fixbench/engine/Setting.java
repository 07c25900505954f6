package org.fixbench.engine;

import java.util.List;
import java.util.Locale;

/**
 * One key an engine's profile understands: its kind, what values it takes, its default (what the engine uses when
 * the profile leaves it out) and what it does. Engines publish theirs ({@link FixEngine#settings()}); the suite
 * checks a setting given on the command line against it before anything runs, and lists it
 * ({@code fixbench settings ENGINE}).
 *
 * @param choices for {@link Kind#CHOICE}, the values allowed
 * @param min     for {@link Kind#INTEGER}, the smallest value allowed
 * @param max     for {@link Kind#INTEGER}, the largest value allowed
 */
public record Setting(String key, Kind kind, List<String> choices, long min, long max, String defaultValue,
                      String meaning) {

    public enum Kind { INTEGER, CHOICE, TEXT }

    public Setting {
        choices = List.copyOf(choices);
    }

    public static Setting integer(String key, long min, long max, String defaultValue, String meaning) {
        return new Setting(key, Kind.INTEGER, List.of(), min, max, defaultValue, meaning);
    }

    /** A whole number of 1 or more (up to {@link Integer#MAX_VALUE}). */
    public static Setting positive(String key, String defaultValue, String meaning) {
        return integer(key, 1, Integer.MAX_VALUE, defaultValue, meaning);
    }

    public static Setting choice(String key, String defaultValue, String meaning, String... choices) {
        return new Setting(key, Kind.CHOICE, List.of(choices), 0, 0, defaultValue, meaning);
    }

    public static Setting text(String key, String defaultValue, String meaning) {
        return new Setting(key, Kind.TEXT, List.of(), 0, 0, defaultValue, meaning);
    }

    /** The key every engine understands: JVM flags for its own processes (forked runs). */
    public static final Setting JVM_FLAGS = text("jvmFlags", "", "JVM flags for the engine's own processes (forked "
            + "runs), separated by spaces");

    /** Why {@code value} is not allowed, in a few words; null when it is. */
    public String problem(String value) {
        String v = value.trim();
        return switch (kind) {
            case CHOICE -> choices.contains(v) ? null : "must be " + String.join(" or ", choices);
            case INTEGER -> {
                try {
                    long n = Long.parseLong(v);
                    yield n >= min && n <= max ? null : "must be " + range();
                } catch (NumberFormatException e) {
                    yield "must be a whole number, " + range();
                }
            }
            case TEXT -> v.contains("+") || v.contains(",") ? "must not hold '+' or ','" : null;
        };
    }

    /** The values allowed, as a reader would write them. */
    public String values() {
        return switch (kind) {
            case CHOICE -> String.join(", ", choices);
            case INTEGER -> range();
            case TEXT -> "text";
        };
    }

    private String range() {
        return max == Integer.MAX_VALUE || max == Long.MAX_VALUE
                ? String.format(Locale.ROOT, "%,d or more", min)
                : String.format(Locale.ROOT, "%,d to %,d", min, max);
    }
}

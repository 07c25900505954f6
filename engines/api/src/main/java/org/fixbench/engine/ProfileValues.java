package org.fixbench.engine;

import java.util.Arrays;
import java.util.Properties;

/**
 * Reading values from a {@code .properties} profile with errors that name the engine, the key and the bad value,
 * so a mistyped profile stops a run with one clear line.
 */
public final class ProfileValues {
    private ProfileValues() {
    }

    /** A positive integer, or {@code fallback} when the key is absent. */
    public static int positiveInt(Properties p, String engine, String key, int fallback) {
        String text = p.getProperty(key);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(engine + " profile: " + key + " must be a positive integer (was '" + text
                + "')");
    }

    /** One of {@code allowed}, or {@code fallback} when the key is absent. */
    public static String choice(Properties p, String engine, String key, String fallback, String... allowed) {
        String value = p.getProperty(key, fallback).trim();
        if (!Arrays.asList(allowed).contains(value)) {
            throw new IllegalArgumentException(engine + " profile: " + key + " must be " + String.join(" or ", allowed)
                    + " (was '" + value + "')");
        }
        return value;
    }
}

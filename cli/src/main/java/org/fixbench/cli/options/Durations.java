package org.fixbench.cli.options;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine;

/** Parses durations such as {@code 5s}, {@code 500ms}, {@code 100us}, {@code 2m} into nanoseconds. */
public final class Durations implements CommandLine.ITypeConverter<Long> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m)");

    @Override
    public Long convert(String value) {
        return parseNanos(value);
    }

    public static long parseNanos(String text) {
        Matcher m = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + text
                    + "' is not a duration (use a number and a unit: ns, us, ms, s or m, e.g. 5s)");
        }
        double amount = Double.parseDouble(m.group(1));
        long unit = switch (m.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> 60_000_000_000L;
        };
        double nanos = amount * unit;
        if (nanos > MAX_NANOS) {
            throw new CommandLine.TypeConversionException("'" + text + "' is longer than the 7 days any duration "
                    + "here may be");
        }
        return Math.round(nanos);
    }

    /** The longest duration accepted: 7 days (later arithmetic on deadlines must not overflow). */
    public static final long MAX_NANOS = 7L * 24 * 3600 * 1_000_000_000L;

    public static String format(long nanos) {
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return nanos / 1_000L + "us";
    }
}

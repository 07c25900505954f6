package org.fixbench.harness.series;

import java.util.Locale;

/** A latency in µs as the text output prints it: three significant places below 10 µs, whole µs above. */
public final class Micros {
    private Micros() {
    }

    public static String format(long nanos) {
        double micros = nanos / 1000.0;
        if (micros < 0.1) {
            return String.format(Locale.ROOT, "%.3f", micros);
        } else if (micros < 1) {
            return String.format(Locale.ROOT, "%.2f", micros);
        } else if (micros < 10) {
            return String.format(Locale.ROOT, "%.1f", micros);
        }
        return String.format(Locale.ROOT, "%,d", Math.round(micros));
    }
}

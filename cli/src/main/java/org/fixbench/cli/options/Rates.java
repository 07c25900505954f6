package org.fixbench.cli.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Parses rate lists such as {@code 2000,10000,50000} or {@code 2k,10k,50k}. */
public final class Rates {
    private Rates() {
    }

    public static List<Long> parse(String text) {
        List<Long> rates = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT).replace("_", "");
            if (p.isEmpty()) {
                continue;
            }
            long multiplier = 1;
            if (p.endsWith("k")) {
                multiplier = 1_000;
                p = p.substring(0, p.length() - 1);
            } else if (p.endsWith("m")) {
                multiplier = 1_000_000;
                p = p.substring(0, p.length() - 1);
            }
            double value;
            try {
                value = Double.parseDouble(p) * multiplier;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad rate '" + part.trim() + "' (use messages per second, e.g. 2000 or 10k)");
            }
            if (!(value > 0)) {
                throw new IllegalArgumentException("rate must be > 0 (was '" + part.trim() + "')");
            }
            if (value != Math.rint(value) || value > 100_000_000) {
                throw new IllegalArgumentException("rate must be a whole number of messages per second, at most "
                        + "100m (was '" + part.trim() + "')");
            }
            long rate = (long) value;
            rates.add(rate);
        }
        if (rates.isEmpty()) {
            throw new IllegalArgumentException("no rate given");
        }
        return rates;
    }
}

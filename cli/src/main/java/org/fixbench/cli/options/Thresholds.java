package org.fixbench.cli.options;

/** The {@code --threshold} of diff and tune: how large a change must be to be named. */
public final class Thresholds {
    private Thresholds() {
    }

    /**
     * A percentage with its sign ({@code 10%}) or a ratio below 1 ({@code 0.1}); a bare number of 1 or more is
     * refused as ambiguous (does 2 mean 2% or 200%?), as is anything not finite.
     */
    public static double parse(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double value;
        try {
            value = Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--threshold must be a percentage such as 10% or a ratio such as 0.1 "
                    + "(was '" + text + "')");
        }
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException("--threshold must be a finite, non-negative percentage such as 10% "
                    + "(was '" + text + "')");
        }
        if (!percent && value >= 1) {
            throw new IllegalArgumentException("--threshold " + t + " is ambiguous: write " + t + "% for a percentage, "
                    + "or a ratio below 1 such as 0.1");
        }
        double fraction = percent ? value / 100.0 : value;
        if (fraction >= 10) {
            throw new IllegalArgumentException("--threshold must be below 1000% (was '" + text + "')");
        }
        return fraction;
    }
}

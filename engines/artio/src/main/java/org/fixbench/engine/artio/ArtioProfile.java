package org.fixbench.engine.artio;

import java.util.Properties;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.fixbench.engine.EngineSetup;

/**
 * A profile file from {@code fix-configs/artio/}: idle strategies per agent (busy-spin, yield, backoff, sleep),
 * the engine scheduler (lowResource: framer and archiver share a thread; default: one thread each), the
 * heartbeat interval and whether messages are logged (archived: what Artio resends from; off, it gap-fills).
 */
record ArtioProfile(String hotPathIdle, String framerIdle, String backgroundIdle, String scheduler,
                    int heartBtIntSeconds, boolean logMessages) {

    static ArtioProfile load(EngineSetup setup) {
        Properties p = setup.profileProperties();
        ArtioProfile profile = new ArtioProfile(
                p.getProperty("hotPathIdle", "yield").trim(),
                p.getProperty("framerIdle", "yield").trim(),
                p.getProperty("backgroundIdle", "sleep").trim(),
                p.getProperty("scheduler", "lowResource").trim(),
                Integer.parseInt(p.getProperty("heartBtInt", "30").trim()),
                yesNo(p.getProperty("logMessages", "N").trim()));
        idle(profile.hotPathIdle, "hotPathIdle");
        idle(profile.framerIdle, "framerIdle");
        idle(profile.backgroundIdle, "backgroundIdle");
        if (!profile.scheduler.equals("lowResource") && !profile.scheduler.equals("default")) {
            throw new IllegalArgumentException("artio profile: scheduler must be lowResource or default (was '"
                    + profile.scheduler + "')");
        }
        return profile;
    }

    private static boolean yesNo(String value) {
        return switch (value) {
            case "Y" -> true;
            case "N" -> false;
            default -> throw new IllegalArgumentException("artio profile: logMessages must be Y or N (was '" + value
                    + "')");
        };
    }

    static IdleStrategy idle(String name, String key) {
        return switch (name) {
            case "spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            case "backoff" -> new BackoffIdleStrategy();
            case "sleep" -> new SleepingMillisIdleStrategy(1);
            default -> throw new IllegalArgumentException("artio profile: " + key
                    + " must be spin, yield, backoff or sleep (was '" + name + "')");
        };
    }

    IdleStrategy hotPath() {
        return idle(hotPathIdle, "hotPathIdle");
    }

    IdleStrategy framer() {
        return idle(framerIdle, "framerIdle");
    }

    IdleStrategy background() {
        return idle(backgroundIdle, "backgroundIdle");
    }
}

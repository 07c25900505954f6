package org.fixbench.cli.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of an interleaved comparison's runs: per round, a seeded shuffle; with a floor engine (raw TCP), every
 * other engine's run is paired with a floor run at the same rate adjacent to it in time.
 *
 * <p>Per round and rate, the other engines are shuffled and taken two at a time; each pair becomes a block
 * {@code engine, floor, engine} (a lone last engine a block {@code engine, floor} or {@code floor, engine}, by a coin
 * toss), so the floor run sits next to both engines it is paired with. The blocks of all rates are then shuffled
 * together. Without a floor, the round is a plain shuffle of every engine × rate. The seed is recorded with the
 * results, so an order can be replayed.
 */
public final class RunOrder {

    /**
     * One run: benchmark {@code benchmark} (engine index × rates + rate index); for a non-floor run with a floor,
     * {@code pairedSlot} is the position in the round of its floor run, else -1.
     */
    public record Slot(int benchmark, int engine, int rate, boolean floor, int pairedSlot) {
    }

    private RunOrder() {
    }

    /**
     * @param engines    how many engines
     * @param floorIndex the floor engine's index, or -1 for none
     * @param rates      how many rates
     */
    public static List<List<Slot>> plan(int engines, int floorIndex, int rates, int rounds, long seed) {
        Random random = new Random(seed);
        List<List<Slot>> order = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            List<List<int[]>> blocks = new ArrayList<>(); // each block: {engine, rate} in order
            for (int rate = 0; rate < rates; rate++) {
                List<Integer> others = new ArrayList<>();
                for (int e = 0; e < engines; e++) {
                    if (e != floorIndex) {
                        others.add(e);
                    }
                }
                Collections.shuffle(others, random);
                if (floorIndex < 0) {
                    for (int e : others) {
                        blocks.add(List.of(new int[] {e, rate}));
                    }
                    continue;
                }
                if (others.isEmpty()) {
                    blocks.add(List.of(new int[] {floorIndex, rate}));
                }
                for (int i = 0; i < others.size(); i += 2) {
                    int[] a = {others.get(i), rate};
                    int[] f = {floorIndex, rate};
                    if (i + 1 < others.size()) {
                        blocks.add(List.of(a, f, new int[] {others.get(i + 1), rate}));
                    } else {
                        blocks.add(random.nextBoolean() ? List.of(a, f) : List.of(f, a));
                    }
                }
            }
            Collections.shuffle(blocks, random);
            List<Slot> slots = new ArrayList<>();
            for (List<int[]> block : blocks) {
                int base = slots.size();
                int floorAt = -1;
                for (int i = 0; i < block.size(); i++) {
                    if (block.get(i)[0] == floorIndex) {
                        floorAt = base + i;
                    }
                }
                for (int[] run : block) {
                    boolean isFloor = run[0] == floorIndex;
                    slots.add(new Slot(run[0] * rates + run[1], run[0], run[1], isFloor, isFloor ? -1 : floorAt));
                }
            }
            order.add(slots);
        }
        return order;
    }
}

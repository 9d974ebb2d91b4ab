package gridmarket.sim.machine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The memo's bookkeeping on hand-made logs; CapacityProfileTest checks its answers against a per-second model. */
class RoomMemoTest {
    @Test
    void aShapeIsOneKeyAndShapesOutsideTheKeysHaveNone() {
        RoomMemo memo = new RoomMemo(16);
        int a = memo.shape(4, 3600);
        assertEquals(a, memo.shape(4, 3600));
        assertNotEquals(a, memo.shape(5, 3600));
        assertNotEquals(a, memo.shape(4, 3601));
        assertNotEquals(memo.shape(16, 0), memo.shape(1, 1), "nodes 16 of 16 and the next duration do not collide");
        assertEquals(-1, memo.shape(17, 10), "wider than the machine");
        assertEquals(-1, memo.shape(0, 10));
        assertEquals(-1, memo.shape(1, Long.MAX_VALUE / 2));
        for (int k = 0; k < 1000; k++) { // past a rehash, every shape keeps its id
            memo.shape(1 + k % 16, k);
        }
        assertEquals(a, memo.shape(4, 3600));
    }

    @Test
    void knowledgeIsCutOnlyByGiveBacksSinceThatReachItsWidth() {
        RoomMemo memo = new RoomMemo(16);
        int narrow = memo.shape(2, 100);
        int wide = memo.shape(9, 100);
        assertEquals(Long.MIN_VALUE, memo.knownUntil(narrow), "nothing learned yet");
        memo.learned(narrow, 500);
        memo.learned(wide, 500);
        assertEquals(500, memo.knownUntil(narrow));
        assertEquals(Long.MAX_VALUE, memo.changedFrom(narrow, 2, 0), "nothing given back since");
        memo.gaveBack(300, 400, 0, 5); // leaves at most 5 free: opens nothing 9 wide
        memo.gaveBack(200, 250, 0, 3);
        memo.gaveBack(350, 600, 0, 2);
        assertEquals(200, memo.changedFrom(narrow, 2, 0));
        assertEquals(600, memo.changedUntil(narrow, 2));
        assertEquals(Long.MAX_VALUE, memo.changedFrom(wide, 9, 0));
        int middle = memo.shape(4, 100); // class 4-7: only the first give-back reaches it
        memo.learned(middle, 500);
        assertEquals(Long.MAX_VALUE, memo.changedFrom(middle, 4, 0));
        memo.gaveBack(450, 460, 0, 7);
        assertEquals(450, memo.changedFrom(middle, 4, 0));
        assertEquals(460, memo.changedUntil(middle, 4));
        assertEquals(200, memo.changedFrom(narrow, 2, 0), "older knowledge still sees the earliest start");
        memo.learned(narrow, 700);
        assertEquals(Long.MAX_VALUE, memo.changedFrom(narrow, 2, 0), "learned again: nothing since");
    }

    @Test
    void aGiveBackWhereTheWidthHadRoomBeforeOpensNothingForIt() {
        RoomMemo memo = new RoomMemo(16);
        int one = memo.shape(1, 100);
        int two = memo.shape(3, 100); // class 2-3
        int four = memo.shape(4, 100); // class 4-7
        memo.learned(one, 500);
        memo.learned(two, 500);
        memo.learned(four, 500);
        memo.gaveBack(300, 400, 3, 7); // 3 or more free before throughout, up to 7 after: only widths 4 to 7 gain
        assertEquals(Long.MAX_VALUE, memo.changedFrom(one, 1, 0));
        assertEquals(Long.MAX_VALUE, memo.changedFrom(two, 3, 0), "3 nodes were free before all along");
        assertEquals(300, memo.changedFrom(four, 4, 0));
        memo.gaveBack(200, 250, 2, 6); // widths 3 to 6: classes 2-3 and 4-7
        assertEquals(200, memo.changedFrom(two, 3, 0));
        assertEquals(250, memo.changedUntil(two, 3));
        assertEquals(200, memo.changedFrom(four, 4, 0));
        assertEquals(400, memo.changedUntil(four, 4));
        assertEquals(Long.MAX_VALUE, memo.changedFrom(one, 1, 0));
    }

    @Test
    void giveBacksAtTheOriginReadAsItAndThoseOverAreForgotten() {
        RoomMemo memo = new RoomMemo(8);
        int s = memo.shape(1, 50);
        memo.learned(s, 1000);
        memo.gaveBack(100, 150, 0, 1);
        memo.gaveBack(400, 900, 0, 1);
        memo.advanceTo(120); // the first started by now: it reads as the origin, and it is not over yet
        assertEquals(120, memo.changedFrom(s, 1, 120));
        assertEquals(900, memo.changedUntil(s, 1));
        memo.advanceTo(950); // both over
        assertEquals(Long.MIN_VALUE, memo.changedUntil(s, 1));
        int t = memo.shape(1, 60);
        memo.learned(t, 2000);
        memo.gaveBack(1200, 1300, 0, 1);
        assertEquals(1200, memo.changedFrom(t, 1, 950), "knowledge newer than the fold reads the later give-back");
        assertEquals(950, memo.changedFrom(s, 1, 950), "older knowledge reads the origin");
        assertEquals(1300, memo.changedUntil(s, 1));
    }

    @Test
    void aFoldKeepsTheClocksOfTheGiveBacksLeft() {
        RoomMemo memo = new RoomMemo(8);
        int s = memo.shape(2, 30);
        memo.gaveBack(100, 140, 0, 2); // folded below
        memo.learned(s, 1000); // after the first give-back, before the second
        memo.gaveBack(500, 600, 0, 2);
        memo.advanceTo(200);
        assertEquals(500, memo.changedFrom(s, 2, 200), "the give-back after the knowledge is still newer than it");
        assertEquals(600, memo.changedUntil(s, 2));
    }
}

"""An independent, deliberately naive implementation of Kahuna (RULES.md 1).

Written from the rules text alone, with the board typed in from RULES.md
(not read from the layout file), dicts instead of a state array, and undo
by snapshots instead of a journal. The tests play random games through both
and require the same state after every event.
"""

import copy

CONNECTIONS = """ALOA-BARI ALOA-DUDA ALOA-HUNA BARI-COCO BARI-DUDA BARI-ELAI BARI-FAAA
    COCO-FAAA COCO-GOLA COCO-KAHU DUDA-ELAI DUDA-HUNA ELAI-FAAA ELAI-HUNA
    ELAI-IFFI ELAI-JOJO FAAA-GOLA FAAA-JOJO GOLA-JOJO GOLA-KAHU HUNA-IFFI
    HUNA-LALE IFFI-JOJO IFFI-KAHU IFFI-LALE JOJO-KAHU KAHU-LALE""".split()
ISLANDS = sorted({i for c in CONNECTIONS for i in c.split("-")})
AT = {i: [c for c in CONNECTIONS if i in c.split("-")] for i in ISLANDS}
OTHER = {"white": "black", "black": "white"}


class Refused(Exception):
    pass


class ReferenceKahuna:
    def __init__(self, first="white", variants=(), handicap=None):
        self.variants = set(variants)
        self.first = first
        self.sticks = {}
        self.stones = {}
        self.score = {"white": 0, "black": 0}
        self.final = {"white": 0, "black": 0}
        self.round = 1
        self.active = handicap or first
        self.handicap_left = 3 if handicap else None
        self.final_turns_left = None
        self.over = False
        self.winner = None
        self.undo_stack = []

    def view(self):
        return {"round": self.round, "active": self.active, "sticks": dict(self.sticks),
                "stones": dict(self.stones), "score": dict(self.score),
                "over": self.over, "winner": self.winner}

    def holds_majority(self, player, island):
        mine = sum(1 for c in AT[island] if self.sticks.get(c) == player)
        return mine > len(AT[island]) / 2

    # each event: refuse (state untouched) or snapshot then change
    def event(self, op, at=None):
        if op == "undo":
            if self.undo_stack:
                self.__dict__.update(self.undo_stack.pop())
            return
        if self.over:
            raise Refused("over")
        snapshot = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k != "undo_stack"}
        {"place": self.place, "remove": self.remove,
         "end_turn": self.end_turn, "end_round": self.end_round}[op](at)
        self.undo_stack.append(snapshot)

    def place(self, c):
        me = self.active
        if c in self.sticks:
            raise Refused("occupied")
        if self.handicap_left == 0:
            raise Refused("handicap used up")
        if sum(1 for o in self.sticks.values() if o == me) == 25:
            raise Refused("no sticks left")
        if "variant1" in self.variants and any(self.stones.get(i) == OTHER[me] for i in c.split("-")):
            raise Refused("variant 1")
        self.sticks[c] = me
        if self.handicap_left:
            self.handicap_left -= 1
        for island in c.split("-"):
            if self.stones.get(island) != me and self.holds_majority(me, island):
                self.stones[island] = me
                for lost in [d for d in AT[island] if self.sticks.get(d) == OTHER[me]]:
                    self.take_away(lost)
        self.early_end()

    def take_away(self, c):
        owner = self.sticks.pop(c)
        for island in c.split("-"):
            if self.stones.get(island) == owner and not self.holds_majority(owner, island):
                del self.stones[island]

    def remove(self, c):
        if self.handicap_left is not None:
            raise Refused("handicap")
        if self.sticks.get(c) != OTHER[self.active]:
            raise Refused("not an opponent stick")
        self.take_away(c)
        self.early_end()

    def end_turn(self, _):
        if self.handicap_left is not None:
            self.handicap_left = None
            self.active = self.first
            return
        self.active = OTHER[self.active]
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.final_scoring()
                return
        self.early_end()

    def end_round(self, _):
        if self.handicap_left is not None or self.final_turns_left is not None:
            raise Refused("not now")
        if self.round < 3:
            self.award(self.round)
            self.round += 1
        else:
            self.final_turns_left = 2
        self.active = OTHER[self.active]
        self.early_end()

    def stone_counts(self):
        w = sum(1 for o in self.stones.values() if o == "white")
        return w, len(self.stones) - w

    def award(self, points):
        w, b = self.stone_counts()
        if w != b:
            leader = "white" if w > b else "black"
            self.score[leader] += points
            return leader

    def final_scoring(self):
        w, b = self.stone_counts()
        leader = self.award(abs(w - b))
        if leader:
            self.final[leader] = abs(w - b)
        self.over = True
        for table in (self.score, self.final, self.stick_counts()):
            if table["white"] != table["black"]:
                self.winner = max(table, key=table.get)
                return
        self.winner = "draw"

    def stick_counts(self):
        w = sum(1 for o in self.sticks.values() if o == "white")
        return {"white": w, "black": len(self.sticks) - w}

    def early_end(self):
        if self.round >= 2 and not self.over:
            counts = self.stick_counts()
            empty = [p for p in counts if counts[p] == 0]
            if len(empty) == 1:
                self.over = True
                self.winner = OTHER[empty[0]]

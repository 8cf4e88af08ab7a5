//! Board families for the benchmarks, generated deterministically from a seed and written as
//! scenario files (so they are also valid inputs for `skirmish`).

#![allow(dead_code)]

use skirmish::diagnostics::SourceFile;
use skirmish::model::Game;
use skirmish::scenario::Scenario;

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// The combat vocabulary of the bundled library.
pub const REALISTIC: &[&str] = &[
    "Grizzly Bears",
    "Hill Giant",
    "Craw Wurm",
    "Crazed Goblin",
    "Juggernaut",
    "Razorgrass Screen",
    "Wall of Wood",
    "Serra Angel",
    "Giant Spider",
    "Cloud Sprite",
    "Phantom Warrior",
    "White Knight",
    "Black Knight",
    "Severed Legion",
    "Shu Cavalry",
    "Bog Wraith",
    "Charging Rhino",
    "Gorilla Berserkers",
    "Two-Headed Dragon",
    "Taunting Elf",
    "Yavimaya Wurm",
    "Fencing Ace",
    "Thornweald Archer",
    "Knight of Meadowgrain",
    "Benalish Cavalry",
    "Devoted Retainer",
    "Wolverine Pack",
    "Mogg Flunkies",
    "Krosan Vorine",
    "Llanowar Elves",
    "Spineless Thug",
    "Juvenile Gloomwidow",
];

pub fn load(text: &str) -> Game {
    Scenario::parse(SourceFile::new("bench.toml", text))
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .game
}

fn header(step: &str) -> String {
    format!(
        "[turn]\nactive = \"Alice\"\nstep = \"{step}\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n\n"
    )
}

/// A realistic board: `per_side` creatures a side from the combat vocabulary, a few global
/// effects, and (for blocks) about half of Alice's untapped creatures attacking.
pub fn realistic(seed: u64, per_side: usize, attacking: bool) -> Game {
    let mut r = Rng::new(seed);
    let mut t = header(if attacking {
        "declare-blockers"
    } else {
        "declare-attackers"
    });
    let mut alice = Vec::new();
    for side in ["Alice", "Bob"] {
        for i in 0..per_side {
            let card = REALISTIC[r.below(REALISTIC.len() as u64) as usize];
            let label = format!("{}{i}", &side[..1]);
            t += &format!(
                "[[permanent]]\ncard = \"{card}\"\ncontroller = \"{side}\"\nlabel = \"{label}\"\n"
            );
            if r.below(10) == 0 {
                t += "tapped = true\n";
            } else if side == "Alice" && attacking && r.below(2) == 0 {
                t += "tapped = true\nattacking = \"Bob\"\n";
            }
            t += "\n";
            if side == "Alice" {
                alice.push(label);
            }
        }
    }
    for (k, extra) in ["Silent Arbiter", "Goblin War Drums", "Lure", "Propaganda"]
        .iter()
        .enumerate()
    {
        if r.below(4) == 0 {
            let controller = if k == 0 || k == 3 { "Bob" } else { "Alice" };
            t += &format!("[[permanent]]\ncard = \"{extra}\"\ncontroller = \"{controller}\"\n");
            if *extra == "Lure" {
                t += &format!(
                    "attached_to = \"{}\"\n",
                    alice[r.below(alice.len() as u64) as usize]
                );
            }
            t += "\n";
        }
    }
    for i in 0..r.below(4) {
        t += &format!(
            "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"F{i}\"\n\n"
        );
    }
    load(&t)
}

/// 70 attackers, 66 of them identical 1/1 flying deathtouch tokens and one enchanted with Lure,
/// against 8 ground blockers.
pub fn token_army() -> Game {
    let mut t = header("declare-blockers");
    t += "[[card]]\nname = \"Bat Token\"\ntype = \"Creature — Bat\"\ncost = \"{0}\"\npt = \"1/1\"\ntext = \"Flying, deathtouch\"\n\n";
    for i in 0..66 {
        t += &format!(
            "[[permanent]]\ncard = \"Bat Token\"\ncontroller = \"Alice\"\nlabel = \"Bat{i}\"\ntoken = true\ntapped = true\nattacking = \"Bob\"\n\n"
        );
    }
    for (i, card) in ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Grizzly Bears"]
        .iter()
        .enumerate()
    {
        t += &format!(
            "[[permanent]]\ncard = \"{card}\"\ncontroller = \"Alice\"\nlabel = \"G{i}\"\ntapped = true\nattacking = \"Bob\"\n\n"
        );
    }
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"G1\"\n\n";
    for i in 0..8 {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"B{i}\"\n\n"
        );
    }
    load(&t)
}

/// `n` attackers against `n` blockers, all plain 2/2 tokens but one enchanted with Lure and one
/// that can't be blocked except by two or more creatures.
pub fn big_army(n: usize) -> Game {
    load(&big_army_text(n))
}

/// [`big_army`]'s scenario file, for timing the whole path from text.
pub fn big_army_text(n: usize) -> String {
    let mut t = header("declare-blockers");
    t += "[[card]]\nname = \"Brute\"\ncost = \"{3}\"\ntype = \"Creature — Ogre\"\npt = \"3/3\"\ntext = \"Brute can't be blocked except by two or more creatures.\"\n\n";
    t += "[[permanent]]\ncard = \"Brute\"\ncontroller = \"Alice\"\ntapped = true\nattacking = \"Bob\"\n\n";
    for i in 0..n - 1 {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"A{i}\"\ntoken = true\ntapped = true\nattacking = \"Bob\"\n\n"
        );
    }
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"A0\"\n\n";
    for i in 0..n {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"B{i}\"\ntoken = true\n\n"
        );
    }
    t
}

/// The hardness construction (Chatterjee and Ibsen-Jensen, 2016) in Skirmish's vocabulary:
/// exact cover by 3-sets. Each of `3m` elements is a blocker of its own creature type that
/// "blocks each turn if able"; each of the `sets` triples is an attacker that "can't be blocked
/// except by three or more creatures" and can't be blocked by the types of the elements outside
/// it. Every requirement can be obeyed exactly when the triples have an exact cover. With
/// `planted`, a hidden cover makes the maximum 3m and the search must find it among decoys;
/// without, no cover exists (the triple holding element 0 meets every other triple), and the
/// search must prove that 3m can't be reached.
pub fn exact_cover(seed: u64, m: usize, sets: usize, planted: bool) -> Game {
    let mut r = Rng::new(seed);
    let types: Vec<&str> = skirmish::typeline::creature_types()
        .filter(|t| !t.contains('-'))
        .take(3 * m)
        .collect();
    let n = 3 * m;
    let mut triples: Vec<[usize; 3]> = Vec::new();
    // A planted cover: a random permutation cut into triples.
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, r.below(i as u64 + 1) as usize);
    }
    if planted {
        for c in perm.chunks(3) {
            triples.push([c[0], c[1], c[2]]);
        }
    } else {
        // No planted cover: every triple avoids element 0 but one, and that one shares an
        // element with all others, so at most 3m - 3 requirements can be obeyed; proving it is
        // the hard part.
        triples.push([0, 1, 2]);
    }
    let avoid0 = !planted;
    while triples.len() < sets {
        let mut t = [
            r.below(n as u64) as usize,
            r.below(n as u64) as usize,
            r.below(n as u64) as usize,
        ];
        if avoid0 {
            // Keep element 0 coverable only together with 1 and 2 ...
            t[0] = 1 + r.below(n as u64 - 1) as usize;
            // ... and make every other triple meet {1, 2}, so none is disjoint from [0, 1, 2].
            t[1] = 1 + r.below(2) as usize;
        }
        t.sort();
        if t[0] != t[1] && t[1] != t[2] {
            triples.push(t);
        }
    }
    // Shuffle so the planted triples aren't first.
    for i in (1..triples.len()).rev() {
        triples.swap(i, r.below(i as u64 + 1) as usize);
    }
    let mut t = header("declare-blockers");
    for (e, ty) in types.iter().enumerate() {
        t += &format!(
            "[[card]]\nname = \"Element {e}\"\ncost = \"{{1}}\"\ntype = \"Creature — {ty}\"\npt = \"1/1\"\ntext = \"Element {e} blocks each turn if able.\"\n\n"
        );
        t += &format!("[[permanent]]\ncard = \"Element {e}\"\ncontroller = \"Bob\"\n\n");
    }
    for (s, tri) in triples.iter().enumerate() {
        let mut text = format!("Set {s} can't be blocked except by three or more creatures.");
        for (e, ty) in types.iter().enumerate() {
            if !tri.contains(&e) {
                text += &format!(
                    " Set {s} can't be blocked by {}.",
                    skirmish::typeline::plural(ty)
                );
            }
        }
        t += &format!(
            "[[card]]\nname = \"Set {s}\"\ncost = \"{{3}}\"\ntype = \"Creature — Golem\"\npt = \"3/3\"\ntext = \"{text}\"\n\n"
        );
        t += &format!(
            "[[permanent]]\ncard = \"Set {s}\"\ncontroller = \"Alice\"\ntapped = true\nattacking = \"Bob\"\n\n"
        );
    }
    load(&t)
}

use skirmish::diagnostics::SourceFile;
use skirmish::legality::build::{attack_problem, block_problem};
use skirmish::legality::{Budget, Legality};
use skirmish::scenario::Scenario;
use std::time::Instant;

fn board(n_att: usize, n_blk: usize, tokens: &str, blockers: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    t += "[[card]]\nname = \"Brute\"\ncost = \"{3}\"\ntype = \"Creature — Ogre\"\npt = \"3/3\"\ntext = \"Brute can't be blocked except by two or more creatures.\"\n";
    t += "[[permanent]]\ncard = \"Brute\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n";
    t += "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Lured\"\nattacking = \"Bob\"\n";
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"Lured\"\n";
    for i in 0..n_att {
        t += &format!(
            "[[permanent]]\ncard = \"{tokens}\"\ncontroller = \"Alice\"\nlabel = \"A{i}\"\ntoken = true\nattacking = \"Bob\"\n"
        );
    }
    for i in 0..n_blk {
        t += &format!(
            "[[permanent]]\ncard = \"{blockers}\"\ncontroller = \"Bob\"\nlabel = \"B{i}\"\ntoken = true\n"
        );
    }
    t
}

fn run(name: &str, text: String) {
    let s = Scenario::parse(SourceFile::new(name, text)).unwrap();
    let p = block_problem(&s.game).unwrap();
    let t = Instant::now();
    let m = p.maximum(&mut Budget::default());
    let t1 = t.elapsed();
    let t = Instant::now();
    let o = p
        .optimum(&mut Budget::default())
        .map(|o| p.obeyed(&o).len());
    let t2 = t.elapsed();
    let t = Instant::now();
    let c = p.count(&mut Budget::default());
    let t3 = t.elapsed();
    let t = Instant::now();
    let v = p.check(&p.none(), &mut Budget::default());
    let t4 = t.elapsed();
    println!(
        "{name}: max {m:?} in {t1:?}; optimum obeys {o:?} in {t2:?}; count {} in {t3:?}; check(none) legal={} in {t4:?}",
        c.map(|c| c.to_string()).unwrap_or_else(|e| e.to_string()),
        v.is_legal()
    );
    let a = attack_problem(&s.game).unwrap();
    let t = Instant::now();
    let c = a.count(&mut Budget::default());
    println!(
        "   attacks: count {:?} in {:?}",
        c.map(|c| c.to_string().len()),
        t.elapsed()
    );
}

fn main() {
    run(
        "token army",
        board(66, 8, "Thornweald Archer", "Grizzly Bears"),
    );
    run(
        "500 vs 500",
        board(498, 500, "Grizzly Bears", "Grizzly Bears"),
    );
}

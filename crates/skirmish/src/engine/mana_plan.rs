//! Finding a way to pay a mana cost (409.1h, 411.2): which mana in the pool and which mana
//! sources pay which symbols. Pure data in, a plan out, so it can be checked against every way
//! of tapping on small boards.
//!
//! Symbols and mana are matched, not taken first come first served: with Shivan Oasis ({R} or
//! {G}) before a Mountain, paying {R}{G} must give the Oasis's mana to {G}. The mana that can
//! pay the symbols together forms a transversal matroid, so taking the mana greedily in order
//! of preference, keeping each one an augmenting path can fit in, gives the most preferred
//! payment, and finds one whenever one exists.
//!
//! Snow mana (104.3i) is a mark on mana, not a kind: `{S}` takes one mana of any type that a
//! snow permanent made, so each mana carries whether it is snow, and only `{S}` asks.

use crate::mana::{Color, ManaCost, ManaSymbol, ManaYield};

/// A payment: the sources tapped (indices into the sources given) with the mana each makes,
/// and the mana the cost takes from the pool once they have added theirs, by color (in
/// `Color::ALL` order) and colorless; `spend_snow` says how much of it, by kind (colorless
/// last), is snow mana.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Plan {
    pub taps: Vec<(usize, Vec<Option<Color>>)>,
    pub spend: [u32; 5],
    pub spend_colorless: u32,
    pub spend_snow: [u32; 6],
    /// The mana paying each `{S}`, in the cost's order.
    pub snow_symbols: Vec<Option<Color>>,
}

/// Which mana is snow (104.3i: made by a snow permanent): of the pool, how much of each kind
/// (in `Color::ALL` order, colorless last); of the sources, which are snow permanents (by
/// index; past the end, none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Snow {
    pub pool: [u32; 6],
    pub sources: Vec<bool>,
}

impl Snow {
    fn source(&self, k: usize) -> Kinds {
        if self.sources.get(k).copied().unwrap_or(false) {
            SNOW
        } else {
            0
        }
    }
}

/// Why a cost can't be paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Short {
    /// There is less mana than the cost asks for.
    Mana,
    /// There is enough, but not of the kinds its symbols ask for.
    Colors,
}

/// Kinds of mana as a bit set: bit `i` for the color `Color::ALL[i]`, bit 5 for colorless.
type Kinds = u8;

const COLORLESS: Kinds = 1 << 5;
const ANY: Kinds = COLORLESS | 0x1f;
/// Not a kind: the mark of mana a snow permanent made, which `{S}` asks for.
const SNOW: Kinds = 1 << 6;

fn bit(mana: Option<Color>) -> Kinds {
    mana.map_or(COLORLESS, |c| 1 << c.index())
}

fn kinds_of(y: &ManaYield) -> Kinds {
    match y {
        ManaYield::Fixed(m) => m.iter().fold(0, |k, c| k | bit(*c)),
        ManaYield::OneOf(cs) => cs.iter().fold(0, |k, c| k | bit(Some(*c))),
    }
}

/// The kind of mana the lowest bit set stands for.
fn lowest(kinds: Kinds) -> Option<Color> {
    Color::ALL.get(kinds.trailing_zeros() as usize).copied()
}

/// What a symbol may be paid with: `{R/G}` either color, `{C}` colorless only (current
/// 107.4c); generic symbols are counted apart.
fn wanted(s: &ManaSymbol) -> Option<Kinds> {
    match s {
        // A symbol with a choice, paid its mana way; `plan_choosing` tries the others.
        ManaSymbol::Colored(c) | ManaSymbol::MonoHybrid(c) | ManaSymbol::Phyrexian(c) => {
            Some(bit(Some(*c)))
        }
        ManaSymbol::Hybrid(a, b) => Some(bit(Some(*a)) | bit(Some(*b))),
        ManaSymbol::Colorless => Some(COLORLESS),
        ManaSymbol::Snow => Some(SNOW),
        ManaSymbol::Generic(_) | ManaSymbol::X => None,
    }
}

/// The generic mana a cost asks for.
fn generic_of(cost: &ManaCost) -> u64 {
    cost.0
        .iter()
        .map(|s| match s {
            ManaSymbol::Generic(n) => u64::from(*n),
            _ => 0,
        })
        .sum()
}

/// One mana the payment may use. `single`: the source (making just this one) that is tapped
/// only if this mana is used.
struct Unit {
    kinds: Kinds,
    single: Option<usize>,
}

/// Kuhn's augmenting paths, units taken in order: returns, per wanted symbol, its unit.
fn match_units(units: &[Unit], wants: &[Kinds]) -> Vec<Option<usize>> {
    // Each unit is its own pool, holding the symbols it can pay.
    let identity: Vec<usize> = (0..units.len()).collect();
    let fits: Vec<Vec<usize>> = units
        .iter()
        .map(|u| {
            (0..wants.len())
                .filter(|d| u.kinds & wants[*d] != 0)
                .collect()
        })
        .collect();
    let mut owner = vec![None; wants.len()];
    let mut seen = vec![false; wants.len()];
    let mut matched = 0;
    for u in 0..units.len() {
        if matched == wants.len() {
            break;
        }
        seen.fill(false);
        if crate::legality::pools::augment(u, &identity, &fits, &mut owner, &mut seen) {
            matched += 1;
        }
    }
    owner
}

/// Plans paying `cost` (X already counted as generic mana, or zero) from the pool and from
/// `sources`, given in order of preference. Mana in the pool goes first. A source making one
/// mana is tapped only if that mana is used (of the color the cost needs, when it may choose);
/// a source making several at once is tapped whole, as few of them as can do (the rest of
/// their mana would stay in the pool), earlier ones first. Past eight such sources only the
/// first k of them are tried, k = 0, 1, ...
pub(super) fn plan(
    pool: [u32; 5],
    pool_colorless: u32,
    sources: &[ManaYield],
    snow: &Snow,
    cost: &ManaCost,
) -> Result<Plan, Short> {
    let mut wants: Vec<Kinds> = cost.0.iter().filter_map(wanted).collect();
    let generic = generic_of(cost);
    let supply: u64 = pool.iter().map(|n| u64::from(*n)).sum::<u64>()
        + u64::from(pool_colorless)
        + sources.iter().map(|m| u64::from(m.amount())).sum::<u64>();
    if wants.len() as u64 + generic > supply {
        return Err(Short::Mana);
    }
    wants.extend(std::iter::repeat_n(ANY, generic as usize));
    let (multi, single): (Vec<usize>, Vec<usize>) =
        (0..sources.len()).partition(|k| sources[*k].amount() > 1);
    let mut subsets: Vec<u32> = if multi.len() <= 8 {
        (0..1u32 << multi.len()).collect()
    } else {
        (0..=multi.len()).map(|k| (1u32 << k) - 1).collect()
    };
    subsets.sort_by_key(|m| (m.count_ones(), std::cmp::Reverse(m.reverse_bits())));
    let mut units: Vec<Unit> = Vec::new();
    for mask in subsets {
        units.clear();
        // The pool's snow mana after the rest of the same kind: the rest pays first.
        for (i, n) in pool.into_iter().chain([pool_colorless]).enumerate() {
            let marked = snow.pool[i].min(n);
            units.extend((0..n).map(|j| Unit {
                kinds: 1 << i | if j >= n - marked { SNOW } else { 0 },
                single: None,
            }));
        }
        let tapped: Vec<usize> = (0..multi.len())
            .filter(|j| mask & (1 << j) != 0)
            .map(|j| multi[j])
            .collect();
        for k in &tapped {
            if let ManaYield::Fixed(m) = &sources[*k] {
                units.extend(m.iter().map(|c| Unit {
                    kinds: bit(*c) | snow.source(*k),
                    single: None,
                }));
            }
        }
        units.extend(single.iter().map(|k| Unit {
            kinds: kinds_of(&sources[*k]) | snow.source(*k),
            single: Some(*k),
        }));
        let owner = match_units(&units, &wants);
        if owner.iter().any(Option::is_none) {
            continue;
        }
        let mut plan = Plan::default();
        for k in &tapped {
            if let ManaYield::Fixed(m) = &sources[*k] {
                plan.taps.push((*k, m.clone()));
            }
        }
        for (d, u) in owner.iter().enumerate() {
            let u = &units[u.expect("every symbol is matched")];
            // `{S}` takes the mana whatever its kind.
            let kinds = if wants[d] == SNOW { ANY } else { wants[d] };
            let mana = lowest(u.kinds & kinds);
            match mana {
                Some(c) => plan.spend[c.index()] += 1,
                None => plan.spend_colorless += 1,
            }
            if u.kinds & SNOW != 0 {
                plan.spend_snow[mana.map_or(5, Color::index)] += 1;
            }
            if wants[d] == SNOW {
                plan.snow_symbols.push(mana);
            }
            if let Some(k) = u.single {
                plan.taps.push((k, vec![mana]));
            }
        }
        return Ok(plan);
    }
    Err(Short::Colors)
}

/// The most symbols with a choice whose every combination is tried (2^10 plans); past them
/// the later ones are paid their mana way only.
const MAX_CHOICES: usize = 10;

/// [`plan`] for a cost with monocolored hybrid symbols (104.3f: one mana of the color or two
/// of any type) and Phyrexian ones (current 107.4f: one mana of the color or 2 life): each
/// way of paying them is tried, those paying the least life first, then those asking for
/// the least mana, so a payment is found whenever one exists with at most `life` paid
/// (current 119.4: a player can pay life only up to his or her life total). Returns the plan
/// and the life it pays.
pub(super) fn plan_choosing(
    pool: [u32; 5],
    pool_colorless: u32,
    sources: &[ManaYield],
    snow: &Snow,
    cost: &ManaCost,
    life: i64,
) -> Result<(Plan, u32), Short> {
    let choices: Vec<usize> = (0..cost.0.len())
        .filter(|i| cost.0[*i].ways().is_some())
        .take(MAX_CHOICES)
        .collect();
    if choices.is_empty() {
        return plan(pool, pool_colorless, sources, snow, cost).map(|p| (p, 0));
    }
    let mut ways: Vec<(u32, u32, ManaCost)> = (0..1u32 << choices.len())
        .map(|mask| {
            let (mut symbols, mut paid) = (Vec::new(), 0);
            for (i, s) in cost.0.iter().enumerate() {
                match choices.iter().position(|c| *c == i) {
                    Some(bit) => {
                        let way = &s.ways().expect("a choice")[(mask >> bit & 1) as usize];
                        symbols.extend(way.0.iter().copied());
                        paid += way.1;
                    }
                    None => symbols.push(*s),
                }
            }
            let cost = ManaCost(symbols);
            (paid, cost.converted(), cost)
        })
        .filter(|(paid, _, _)| i64::from(*paid) <= life)
        .collect();
    ways.sort_by_key(|(paid, mana, _)| (*paid, *mana));
    let mut short = Short::Mana;
    for (paid, _, way) in ways {
        match plan(pool, pool_colorless, sources, snow, &way) {
            Ok(p) => return Ok((p, paid)),
            Err(Short::Colors) => short = Short::Colors,
            Err(Short::Mana) => {}
        }
    }
    Err(short)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cost(s: &str) -> ManaCost {
        s.parse().expect("a mana cost")
    }

    /// Whether this much mana (the pool after tapping: by kind, colorless sixth, then the
    /// same six of snow mana) pays the cost, by trying every kind for every colored, hybrid,
    /// colorless and snow symbol in turn; generic takes what is left.
    fn pays(mana: &mut [u32; 12], symbols: &[ManaSymbol], generic: u64) -> bool {
        match symbols.split_first() {
            None => mana.iter().map(|n| u64::from(*n)).sum::<u64>() >= generic,
            Some((s, rest)) => {
                let fits = |i: usize| match s {
                    ManaSymbol::Snow => i >= 6,
                    s => wanted(s).expect("generic symbols are left out") & (1 << (i % 6)) != 0,
                };
                (0..12).any(|i| {
                    if !fits(i) || mana[i] == 0 {
                        return false;
                    }
                    mana[i] -= 1;
                    let ok = pays(mana, rest, generic);
                    mana[i] += 1;
                    ok
                })
            }
        }
    }

    /// The slow, obviously correct answer: every source untapped or tapped, with every choice
    /// of color, and whether the mana then pays the cost. Returns whether some way pays, and
    /// the fewest sources making several mana that a way paying needs.
    fn reference(
        pool: [u32; 5],
        colorless: u32,
        sources: &[ManaYield],
        snow: &Snow,
        cost: &ManaCost,
    ) -> Option<u32> {
        let symbols: Vec<ManaSymbol> = cost
            .0
            .iter()
            .filter(|s| wanted(s).is_some())
            .copied()
            .collect();
        let generic = generic_of(cost);
        fn go(
            k: usize,
            mana: &mut [u32; 12],
            multi_used: u32,
            (sources, snow): (&[ManaYield], &Snow),
            symbols: &[ManaSymbol],
            generic: u64,
            best: &mut Option<u32>,
        ) {
            if k == sources.len() {
                if pays(mana, symbols, generic) {
                    *best = Some(best.map_or(multi_used, |b| b.min(multi_used)));
                }
                return;
            }
            go(
                k + 1,
                mana,
                multi_used,
                (sources, snow),
                symbols,
                generic,
                best,
            );
            let options: Vec<Vec<Option<Color>>> = match &sources[k] {
                ManaYield::Fixed(m) => vec![m.clone()],
                ManaYield::OneOf(cs) => cs.iter().map(|c| vec![Some(*c)]).collect(),
            };
            let multi = u32::from(sources[k].amount() > 1);
            let marked = if snow.source(k) == SNOW { 6 } else { 0 };
            for made in options {
                for m in &made {
                    mana[m.map_or(5, Color::index) + marked] += 1;
                }
                go(
                    k + 1,
                    mana,
                    multi_used + multi,
                    (sources, snow),
                    symbols,
                    generic,
                    best,
                );
                for m in &made {
                    mana[m.map_or(5, Color::index) + marked] -= 1;
                }
            }
        }
        let mut mana = [0; 12];
        for (i, n) in pool.into_iter().chain([colorless]).enumerate() {
            let marked = snow.pool[i].min(n);
            mana[i] = n - marked;
            mana[i + 6] = marked;
        }
        let mut best = None;
        go(
            0,
            &mut mana,
            0,
            (sources, snow),
            &symbols,
            generic,
            &mut best,
        );
        best
    }

    fn kind() -> impl Strategy<Value = Option<Color>> {
        prop::option::weighted(0.8, prop::sample::select(Color::ALL.to_vec()))
    }

    fn source() -> impl Strategy<Value = ManaYield> {
        prop_oneof![
            4 => kind().prop_map(|k| ManaYield::Fixed(vec![k])),
            2 => prop::collection::vec(kind(), 2..=3).prop_map(ManaYield::Fixed),
            3 => prop::sample::subsequence(Color::ALL.to_vec(), 1..=5).prop_map(ManaYield::OneOf),
        ]
    }

    fn symbol() -> impl Strategy<Value = ManaSymbol> {
        let color = || prop::sample::select(Color::ALL.to_vec());
        prop_oneof![
            3 => color().prop_map(ManaSymbol::Colored),
            1 => (color(), color()).prop_map(|(a, b)| ManaSymbol::Hybrid(a, b)),
            1 => Just(ManaSymbol::Colorless),
            1 => Just(ManaSymbol::Snow),
            2 => (0u32..=3).prop_map(ManaSymbol::Generic),
        ]
    }

    fn snow() -> impl Strategy<Value = Snow> {
        (
            prop::array::uniform6(0u32..=1),
            prop::collection::vec(prop::bool::weighted(0.3), 0..=6),
        )
            .prop_map(|(pool, sources)| Snow { pool, sources })
    }

    fn choice_symbol() -> impl Strategy<Value = ManaSymbol> {
        let color = || prop::sample::select(Color::ALL.to_vec());
        prop_oneof![
            3 => symbol(),
            1 => color().prop_map(ManaSymbol::MonoHybrid),
            1 => color().prop_map(ManaSymbol::Phyrexian),
        ]
    }

    /// Every way of paying each symbol that offers a choice, spelled out one symbol at a
    /// time: each a plain cost and the life it pays.
    fn every_way(symbols: &[ManaSymbol]) -> Vec<(Vec<ManaSymbol>, u32)> {
        let Some((s, rest)) = symbols.split_first() else {
            return vec![(Vec::new(), 0)];
        };
        let heads: Vec<(Vec<ManaSymbol>, u32)> = match s {
            ManaSymbol::MonoHybrid(c) => {
                vec![
                    (vec![ManaSymbol::Colored(*c)], 0),
                    (vec![ManaSymbol::Generic(2)], 0),
                ]
            }
            ManaSymbol::Phyrexian(c) => vec![(vec![ManaSymbol::Colored(*c)], 0), (vec![], 2)],
            s => vec![(vec![*s], 0)],
        };
        let tails = every_way(rest);
        heads
            .iter()
            .flat_map(|(h, l)| {
                tails
                    .iter()
                    .map(move |(t, m)| (h.iter().chain(t).copied().collect::<Vec<_>>(), l + m))
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// With monocolored hybrid and Phyrexian symbols (104.3f, current 107.4f): a payment is
        /// found exactly when some way of paying every symbol and tapping pays with no more
        /// life than there is, and it pays the least life any such way does.
        #[test]
        fn choosing_agrees_with_trying_every_way(
            pool in prop::array::uniform5(0u32..=1),
            colorless in 0u32..=1,
            sources in prop::collection::vec(source(), 0..=5),
            symbols in prop::collection::vec(choice_symbol(), 0..=4),
            life in 0i64..=5,
            snow in snow(),
        ) {
            let least_life = every_way(&symbols)
                .into_iter()
                .filter(|(way, paid)| {
                    i64::from(*paid) <= life
                        && reference(pool, colorless, &sources, &snow, &ManaCost(way.clone()))
                            .is_some()
                })
                .map(|(_, paid)| paid)
                .min();
            let got = plan_choosing(
                pool, colorless, &sources, &snow, &ManaCost(symbols.clone()), life,
            );
            prop_assert_eq!(got.as_ref().ok().map(|(_, paid)| *paid), least_life, "{:?}", got);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The plan pays exactly when some way of tapping pays; what it taps makes the mana it
        /// says; what it spends is the cost, symbol by symbol; and it taps no more sources
        /// making several mana than the fewest that can do.
        #[test]
        fn plan_agrees_with_trying_every_way(
            pool in prop::array::uniform5(0u32..=1),
            colorless in 0u32..=1,
            sources in prop::collection::vec(source(), 0..=6),
            symbols in prop::collection::vec(symbol(), 0..=5),
            snow in snow(),
        ) {
            let cost = ManaCost(symbols);
            let expected = reference(pool, colorless, &sources, &snow, &cost);
            let got = plan(pool, colorless, &sources, &snow, &cost);
            prop_assert_eq!(got.is_ok(), expected.is_some(), "{:?} {:?}", got, expected);
            let Ok(plan) = got else { return Ok(()) };
            // By kind, colorless sixth, then the same six of snow mana.
            let mut mana = [0; 12];
            for (i, n) in pool.into_iter().chain([colorless]).enumerate() {
                let marked = snow.pool[i].min(n);
                mana[i] = n - marked;
                mana[i + 6] = marked;
            }
            let mut seen = Vec::new();
            let mut multi = 0;
            for (k, made) in &plan.taps {
                prop_assert!(!seen.contains(k), "source {} tapped twice", k);
                seen.push(*k);
                match &sources[*k] {
                    ManaYield::Fixed(m) => prop_assert_eq!(m, made),
                    ManaYield::OneOf(cs) => prop_assert!(
                        matches!(made.as_slice(), [Some(c)] if cs.contains(c))
                    ),
                }
                multi += u32::from(sources[*k].amount() > 1);
                let marked = if snow.source(*k) == SNOW { 6 } else { 0 };
                for m in made {
                    mana[m.map_or(5, Color::index) + marked] += 1;
                }
            }
            prop_assert_eq!(Some(multi), expected);
            let mut spent = [0; 12];
            for (i, n) in plan.spend.into_iter().chain([plan.spend_colorless]).enumerate() {
                prop_assert!(plan.spend_snow[i] <= n, "more snow mana than mana");
                spent[i] = n - plan.spend_snow[i];
                spent[i + 6] = plan.spend_snow[i];
            }
            for i in 0..12 {
                prop_assert!(spent[i] <= mana[i], "spends mana it doesn't have");
            }
            // The mana spent pays the cost and nothing more.
            let total: u32 = spent.iter().sum();
            prop_assert_eq!(u64::from(total), cost.0.iter().map(|s| match s {
                ManaSymbol::Generic(n) => u64::from(*n),
                ManaSymbol::X => 0,
                _ => 1,
            }).sum::<u64>());
            let mut exact = spent;
            let symbols: Vec<ManaSymbol> =
                cost.0.iter().filter(|s| wanted(s).is_some()).copied().collect();
            let generic = u64::from(total) - symbols.len() as u64;
            prop_assert!(pays(&mut exact, &symbols, generic));
        }
    }

    #[test]
    fn a_source_with_a_choice_gives_the_color_the_cost_needs() {
        let sources = [
            ManaYield::OneOf(vec![Color::Red, Color::Green]),
            ManaYield::Fixed(vec![Some(Color::Red)]),
        ];
        let p = plan([0; 5], 0, &sources, &Snow::default(), &cost("{R}{G}")).expect("payable");
        let mut taps = p.taps.clone();
        taps.sort();
        assert_eq!(
            taps,
            vec![(0, vec![Some(Color::Green)]), (1, vec![Some(Color::Red)])]
        );
    }

    #[test]
    fn the_pool_goes_first_and_sources_in_order() {
        let sources = [
            ManaYield::Fixed(vec![Some(Color::Green)]),
            ManaYield::Fixed(vec![Some(Color::Green)]),
        ];
        let p = plan(
            [0, 0, 0, 0, 1],
            0,
            &sources,
            &Snow::default(),
            &cost("{1}{G}"),
        )
        .expect("payable");
        assert_eq!(p.taps, vec![(0, vec![Some(Color::Green)])]);
        assert_eq!(p.spend, [0, 0, 0, 0, 2]);
    }

    #[test]
    fn shortfalls_say_whether_mana_or_colors_are_missing() {
        let sources = [ManaYield::Fixed(vec![None, None])];
        assert_eq!(
            plan([0; 5], 0, &sources, &Snow::default(), &cost("{3}")),
            Err(Short::Mana)
        );
        assert_eq!(
            plan([0; 5], 0, &sources, &Snow::default(), &cost("{G}")),
            Err(Short::Colors)
        );
        assert!(plan([0; 5], 0, &sources, &Snow::default(), &cost("{1}")).is_ok());
    }
}

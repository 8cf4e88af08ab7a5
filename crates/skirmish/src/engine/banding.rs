//! Banding and "bands with other" (502.10, 502.11; current 702.22): the bands the active
//! player announces as attackers are declared (308.2b), a blocker of one member blocking the
//! whole band (502.10e, 502.10g), and who divides the combat damage of the creatures a
//! creature with banding blocks or is blocked by (502.10h, 502.11c).

use super::{Engine, RunError};
use crate::ability::Keyword;
use crate::edition::Change;
use crate::events::EventKind;
use crate::filter::Filter;
use crate::model::{AttackTarget, ObjectId, PlayerId, TargetRef};
use std::collections::BTreeMap;

impl Engine<'_> {
    /// 308.2b: once the declaration is legal, the active player announces which attackers are
    /// banded with which; a band that breaks 502.10b (or 502.11b) is refused and asked again.
    pub(super) fn announce_bands(
        &mut self,
        player: PlayerId,
        attackers: &BTreeMap<ObjectId, AttackTarget>,
    ) -> Result<Vec<Vec<ObjectId>>, RunError> {
        let ids: Vec<ObjectId> = attackers.keys().copied().collect();
        loop {
            let asked = self
                .agent
                .bands(&self.game, player, &ids)
                .map_err(|e| self.error(e))?;
            let Some(bands) = asked else {
                return Ok(Vec::new());
            };
            match self.check_bands(&bands, attackers) {
                Ok(()) => {
                    for band in &bands {
                        let names: Vec<String> = band.iter().map(|m| self.label(*m)).collect();
                        let text = format!(
                            "{} announces a band: {}",
                            self.name(player),
                            names.join(" and ")
                        );
                        self.log("308.2b", EventKind::Note { text });
                    }
                    return Ok(bands);
                }
                Err((rule, why)) => self.reject(player, rule, &why).map_err(|e| self.error(e))?,
            }
        }
    }

    /// Whether the bands are ones 502.10b and 502.11b allow: two or more attacking creatures
    /// each, each creature in one band (502.10c), all attacking the same player or
    /// planeswalker (502.10b, 602.3b), and made by banding or by one "bands with other"
    /// ability.
    fn check_bands(
        &self,
        bands: &[Vec<ObjectId>],
        attackers: &BTreeMap<ObjectId, AttackTarget>,
    ) -> Result<(), (&'static str, String)> {
        let mut seen = Vec::new();
        for band in bands {
            let names: Vec<String> = band.iter().map(|m| self.label(*m)).collect();
            let named = names.join(", ");
            if band.len() < 2 {
                return Err((
                    "502.10b",
                    format!("a band is two or more attacking creatures, and \"{named}\" is one"),
                ));
            }
            for m in band {
                if !attackers.contains_key(m) {
                    return Err((
                        "502.10b",
                        format!(
                            "{} isn't attacking, so it can't be in a band",
                            self.label(*m)
                        ),
                    ));
                }
                if seen.contains(m) {
                    return Err((
                        "502.10c",
                        format!(
                            "{} is in two bands; each creature may be in only one",
                            self.label(*m)
                        ),
                    ));
                }
                seen.push(*m);
            }
            let targets: Vec<AttackTarget> = band
                .iter()
                .filter_map(|m| attackers.get(m).copied())
                .collect();
            if targets.windows(2).any(|w| w[0] != w[1]) {
                return Err((
                    "502.10b",
                    format!(
                        "the creatures of a band must attack the same player or planeswalker, and {named} don't"
                    ),
                ));
            }
            if self.banding_band(band) || self.bands_with_other_band(band).is_some() {
                continue;
            }
            let other = band
                .iter()
                .any(|m| self.bands_with_other(*m).next().is_some());
            let (rule, why) = if other {
                (
                    "502.11b",
                    format!(
                        "{named} can't be a band: a band made by \"bands with other\" is {}",
                        if self.game.rules.has(Change::BandsByQuality) {
                            "of creatures with the quality, one or more of them with the ability"
                        } else {
                            "of creatures with the same \"bands with other\" ability or with banding"
                        }
                    ),
                )
            } else {
                (
                    "502.10b",
                    format!(
                        "{named} can't be a band: it may have any number of creatures with banding and at most one without"
                    ),
                )
            };
            return Err((rule, why));
        }
        Ok(())
    }

    /// 502.10b: any number of creatures with banding and at most one without (one with only
    /// "bands with other" counts as without, current 702.22c).
    fn banding_band(&self, band: &[ObjectId]) -> bool {
        band.iter()
            .filter(|m| !self.game.has_keyword(**m, &Keyword::Banding))
            .count()
            <= 1
    }

    /// The "bands with other" abilities of a creature, as the descriptions of their quality.
    fn bands_with_other(&self, id: ObjectId) -> impl Iterator<Item = Filter> + '_ {
        self.game.keywords(id).into_iter().filter_map(|k| match k {
            Keyword::BandsWithOther(q) => Some(*q),
            _ => None,
        })
    }

    /// The quality of the "bands with other" ability the band is made by, if it is one:
    /// 502.11b, creatures each with that ability or banding; current 702.22c, creatures each
    /// with the quality, one or more of them with the ability.
    fn bands_with_other_band(&self, band: &[ObjectId]) -> Option<Filter> {
        let by_quality = self.game.rules.has(Change::BandsByQuality);
        let qualities: Vec<Filter> = band
            .iter()
            .flat_map(|m| self.bands_with_other(*m))
            .collect();
        qualities.into_iter().find(|q| {
            band.iter().all(|m| {
                if by_quality {
                    self.has_quality(*m, q)
                } else {
                    self.game.has_keyword(*m, &Keyword::Banding)
                        || self.bands_with_other(*m).any(|o| o == *q)
                }
            })
        })
    }

    /// Whether a creature has the quality a "bands with other" ability names.
    fn has_quality(&self, id: ObjectId, quality: &Filter) -> bool {
        let Some(o) = self.game.object(id) else {
            return false;
        };
        let ctx = self.filter_context(id, o.controller);
        quality.matches(&self.game, o, &ctx)
    }

    /// 502.10e: a creature that blocks a member of a band blocks every member: the attackers
    /// `attacked` a blocker was declared to block, with the others of their bands after them.
    pub(super) fn with_bands(&mut self, blocker: ObjectId, attacked: &[ObjectId]) -> Vec<ObjectId> {
        let Some(combat) = self.game.combat.clone() else {
            return attacked.to_vec();
        };
        let mut out = attacked.to_vec();
        for a in attacked {
            for m in combat.banded_with(*a) {
                if !out.contains(&m) {
                    out.push(m);
                    let text = format!(
                        "{} also blocks {}, banded with {}",
                        self.label(blocker),
                        self.label(m),
                        self.label(*a)
                    );
                    self.log("502.10e", EventKind::Note { text });
                }
            }
        }
        out
    }

    /// 502.10h, 502.11c (current 702.22j-k): the player who divides the combat damage of
    /// `id` among `recipients` when banding gives the choice to the other player: a blocked
    /// attacker blocked by a creature with banding (or by two creatures with the same "bands
    /// with other"), a blocker blocking a creature with banding (or two with the same "bands
    /// with other"). With the reason, for the log.
    pub(super) fn banding_divider(
        &self,
        id: ObjectId,
        is_attacker: bool,
        recipients: &[TargetRef],
    ) -> Option<(PlayerId, &'static str, String)> {
        let controller = self.game.object(id)?.controller;
        let others: Vec<ObjectId> = recipients
            .iter()
            .filter_map(|r| match r {
                TargetRef::Object(o) => Some(*o),
                _ => None,
            })
            .filter(|o| {
                self.game
                    .object(*o)
                    .is_some_and(|x| x.controller != controller)
            })
            .collect();
        let whose = |o: ObjectId| self.game.object(o).map(|x| x.controller);
        if let Some(b) = others
            .iter()
            .find(|o| self.game.has_keyword(**o, &Keyword::Banding))
        {
            let why = format!(
                "{}, {} it, has banding",
                self.label(*b),
                if is_attacker {
                    "blocking"
                } else {
                    "blocked by"
                }
            );
            return Some((whose(*b)?, "502.10h", why));
        }
        // Two of them with the same ability (2009), or one with it and another with its
        // quality (current).
        let by_quality = self.game.rules.has(Change::BandsByQuality);
        for o in &others {
            for q in self.bands_with_other(*o) {
                let second = others.iter().any(|x| {
                    *x != *o
                        && if by_quality {
                            self.has_quality(*x, &q)
                        } else {
                            self.bands_with_other(*x).any(|y| y == q)
                        }
                });
                if second {
                    let why = format!(
                        "{} and another creature {} it band with other {}",
                        self.label(*o),
                        if is_attacker {
                            "blocking"
                        } else {
                            "blocked by"
                        },
                        q.plural()
                    );
                    return Some((whose(*o)?, "502.11c", why));
                }
            }
        }
        None
    }
}

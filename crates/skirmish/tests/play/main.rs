//! Scenarios played through the engine, rule by rule and card by card: each module holds the
//! scenarios of one family of rules or card text, and the files and errors a user meets. One
//! test binary, so that the library is linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

mod attack_requirements;
mod banding;
mod becomes_target;
mod card_costs;
mod card_pools;
mod casting_keywords;
mod checkpoints;
mod combat_costs;
mod combat_effects;
mod combat_text_rules;
mod condition_rules;
mod cost_keywords;
mod cost_rules;
mod counted_amounts;
mod draw_rules;
mod edition_differences;
mod edition_scenarios;
mod effect_rules;
mod engine_errors;
mod expectations;
mod explanations_at_scale;
mod extreme_numbers;
mod face_keywords;
mod fx_choices;
mod fx_delayed;
mod fx_designations;
mod fx_durations;
mod fx_granted;
mod fx_players;
mod fx_refs;
mod fx_targets;
mod fx_triggers;
mod give_up_costs;
mod granted_abilities;
mod if_you_dont;
mod impossible_attacks;
mod instruction_chains;
mod instruction_rules;
mod land_plays;
mod left_play_triggers;
mod modal_abilities;
mod modal_spells;
mod model;
mod more_expectations;
mod more_permanent_keywords;
mod multiple_targets;
mod next_untap;
mod one_or_more;
mod optional_instructions;
mod permanent_keywords;
mod planeswalker_rules;
mod player_instructions;
mod revealed_cards;
mod rule_500_forms;
mod rule_scenarios;
mod scenario_files;
mod token_names;
mod trigger_order;
mod unless_you_pay;
mod watching_triggers;
mod zone_keywords;

//! An EC2 spot price history as a price model: import a CSV, choose a series (instance type,
//! location, product) from the file's catalog and the time of slot 0.

use std::rc::Rc;

use cloudecon::spot::ec2::{self, History, SeriesInfo};
use cloudecon::spot::prices::PriceModelSpec;
use cloudecon::Problem;
use yew::prelude::*;

use super::fields::Time;
use super::pointer;
use super::prices::select_value;
use crate::components::{FieldProblems, FileImport, ParsedField};
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub(super) struct Ec2Props {
    pub model: PriceModelSpec,
    pub path: String,
    pub problems: Rc<Vec<Problem>>,
    pub onchange: Callback<PriceModelSpec>,
}

/// The model's CSV as a catalog of series (an unreadable file: why).
fn catalog(csv: &str) -> Result<Vec<SeriesInfo>, cloudecon::Problem> {
    if csv.trim().is_empty() {
        return Ok(Vec::new());
    }
    History::parse(csv).map(|h| h.catalog()).map_err(|e| e.problem("csv"))
}

/// A series' model: its names, starting at its first row.
fn choose(csv: String, s: &SeriesInfo) -> PriceModelSpec {
    PriceModelSpec::Ec2History {
        csv,
        instance_type: s.instance_type.clone(),
        location: s.location.clone(),
        product: s.product.clone(),
        start: ec2::format_timestamp(s.first),
    }
}

/// An EC2 spot price history: import a CSV, choose a series (instance type, location, product)
/// from the file's catalog and the time of slot 0.
#[component]
pub(super) fn Ec2Editor(props: &Ec2Props) -> Html {
    use_lang();
    let errors = use_errors();
    // Hooks first, whatever the model (the parent renders this editor for EC2 models only).
    let text = match &props.model {
        PriceModelSpec::Ec2History { csv, .. } => csv.clone(),
        _ => String::new(),
    };
    let series = use_memo(text, |csv| catalog(csv));
    let PriceModelSpec::Ec2History { csv, instance_type, location, product, start } = &props.model else {
        return Html::default();
    };
    let onfile = {
        let onchange = props.onchange.clone();
        Callback::from(move |text: String| match History::parse(&text) {
            Ok(h) => match h.catalog().first() {
                Some(s) => onchange.emit(choose(text.clone(), s)),
                None => {
                    if let Some(e) = &errors {
                        e.report(t("spot-ec2-no-rows"))
                    }
                }
            },
            Err(e) => {
                if let Some(errors) = &errors {
                    errors.report(format!(
                        "{}\n{}",
                        t("spot-ec2-unreadable"),
                        crate::i18n::problem_text(&e.problem("csv"))
                    ))
                }
            }
        })
    };
    let path = &props.path;
    let at = |field: &str| format!("{}/{field}", pointer(path));
    let problem = |field: &str| {
        html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("{path}.{field}")} /> }
    };
    let list = match &*series {
        Ok(l) => l.clone(),
        Err(_) => Vec::new(),
    };
    // One select per name; choosing a value picks the first series that has it with the others.
    let pick = |which: u8| {
        let (list, onchange, csv) = (list.clone(), props.onchange.clone(), csv.clone());
        let (it, loc, prod) = (instance_type.clone(), location.clone(), product.clone());
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            let score = |s: &SeriesInfo| {
                let want = [&it, &loc, &prod];
                let have = [&s.instance_type, &s.location, &s.product];
                (0..3).filter(|&k| k != usize::from(which) && have[k] == want[k]).count()
            };
            let field = |s: &SeriesInfo| match which {
                0 => s.instance_type.clone(),
                1 => s.location.clone(),
                _ => s.product.clone(),
            };
            if let Some(s) = list.iter().filter(|s| field(s) == v).max_by_key(|s| score(s)) {
                onchange.emit(choose(csv.clone(), s));
            }
        })
    };
    let options = |which: u8, current: &str| {
        let mut names: Vec<String> = list
            .iter()
            .map(|s| match which {
                0 => s.instance_type.clone(),
                1 => s.location.clone(),
                _ => s.product.clone(),
            })
            .collect();
        names.sort();
        names.dedup();
        if !names.iter().any(|n| n == current) {
            names.insert(0, current.to_string());
        }
        names
            .into_iter()
            .map(|n| html! { <option selected={n == current} value={n.clone()}>{ n }</option> })
            .collect::<Html>()
    };
    let chosen =
        list.iter().find(|s| s.instance_type == *instance_type && s.location == *location && s.product == *product);
    let onstart = {
        let (onchange, model) = (props.onchange.clone(), props.model.clone());
        Callback::from(move |t: Time| {
            let mut next = model.clone();
            if let PriceModelSpec::Ec2History { start, .. } = &mut next {
                *start = t.0;
            }
            onchange.emit(next);
        })
    };
    html! {
        <div class="spot-ec2">
            <div class="field-row">
                <FileImport id="spot-ec2-file" label={t("spot-ec2-import")} accept=".csv,text/csv" onload={onfile} />
                <span id="spot-ec2-summary">{ match &*series {
                    Ok(l) if l.is_empty() => t("spot-ec2-no-file"),
                    Ok(l) => t!("spot-ec2-summary", series = l.len().to_string(), rows = l.iter().map(|s| s.rows).sum::<usize>().to_string(), kb = (csv.len() / 1024).to_string()),
                    Err(e) => t!("spot-ec2-bad-file", reason = crate::i18n::problem_text(e)),
                } }</span>
                { problem("csv") }
            </div>
            if !list.is_empty() {
                <div class="field-row">
                    <span class="pair">
                        <label for="spot-ec2-instance-type">{ t("spot-ec2-instance-type") }</label>
                        <select id="spot-ec2-instance-type" translate="no" data-pointer={at("instance_type")} onchange={pick(0)}>{ options(0, instance_type) }</select>
                    </span>
                    <span class="pair">
                        <label for="spot-ec2-location">{ t("spot-ec2-location") }</label>
                        <select id="spot-ec2-location" translate="no" data-pointer={at("location")} onchange={pick(1)}>{ options(1, location) }</select>
                    </span>
                    <span class="pair">
                        <label for="spot-ec2-product">{ t("spot-ec2-product") }</label>
                        <select id="spot-ec2-product" translate="no" data-pointer={at("product")} onchange={pick(2)}>{ options(2, product) }</select>
                    </span>
                    { problem("instance_type") }{ problem("location") }{ problem("product") }
                </div>
                <div class="field-row">
                    <span class="pair">
                        <label for="spot-ec2-start">{ t("spot-ec2-start") }</label>
                        <ParsedField<Time> id="spot-ec2-start" pointer={at("start")} value={Time(start.clone())} onchange={onstart} label={t("spot-ec2-start-label")} />
                    </span>
                    { problem("start") }
                    if let Some(s) = chosen {
                        <p class="hint" id="spot-ec2-span">{ t!("spot-ec2-span", rows = s.rows.to_string(),
                            first = ec2::format_timestamp(s.first), last = ec2::format_timestamp(s.last),
                            min = crate::format::exact(s.min_price), max = crate::format::exact(s.max_price)) }</p>
                    }
                </div>
            }
        </div>
    }
}

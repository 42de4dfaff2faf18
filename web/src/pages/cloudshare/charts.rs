//! The run's charts as data: a Gantt per algorithm (a lane per processor, pieces coloured by the
//! organization that owns them; Figs. 2–3), waits against the Shapley-fair waits per organization
//! (grouped bars) and unfairness per algorithm.

use cloudecon::cloudshare::algorithm::Algorithm;
use cloudecon::cloudshare::result::AlgorithmResult;
use cloudecon::cloudshare::CloudShareResult;

use crate::charts::{BarChart, BarSeries, GanttChart, GanttRow};
use crate::i18n::t;
use crate::t;

/// The paper's name of an algorithm tag.
pub fn label(tag: &str) -> String {
    Algorithm::ALL.iter().find(|a| a.tag() == tag).map_or_else(|| tag.to_string(), |a| a.label().to_string())
}

fn names(r: &CloudShareResult) -> Vec<String> {
    r.organizations.iter().map(|o| o.name.clone()).collect()
}

/// The schedule of one algorithm, one lane per processor (in organization order), or `None`
/// when the result omits it.
pub fn gantt(r: &CloudShareResult, a: &AlgorithmResult) -> Option<GanttChart> {
    let schedule = a.schedule.as_ref()?;
    let orgs = names(r);
    let index = |name: &str| orgs.iter().position(|o| o == name).unwrap_or(orgs.len());
    let mut entries: Vec<_> = schedule.iter().collect();
    entries.sort_by_key(|e| (index(&e.processor_org), e.processor, e.start));
    let rows = entries
        .iter()
        .map(|e| GanttRow {
            label: format!("{} #{}", e.processor_org, e.processor),
            window: None,
            start: e.start as f64,
            end: e.end as f64,
            group: index(&e.org),
        })
        .collect();
    Some(GanttChart {
        title: crate::t!("cloudshare-gantt-title", algorithm = label(&a.algorithm)),
        x_label: t("cloudshare-chart-time"),
        rows,
        groups: orgs,
        shared_lanes: true,
    })
}

/// The Shapley reference of an algorithm (its own without unit splitting).
pub fn reference<'a>(r: &'a CloudShareResult, a: &'a AlgorithmResult) -> &'a [f64] {
    a.shapley.as_deref().unwrap_or(&r.shapley)
}

/// Per organization: each algorithm's wait and the Shapley-fair wait(s).
pub fn waits(r: &CloudShareResult) -> BarChart {
    let mut series: Vec<BarSeries> = Vec::new();
    // One fair series per distinct reference (one when the reference is common).
    let mut refs: Vec<(Vec<f64>, Vec<String>)> = Vec::new();
    for a in &r.algorithms {
        let phi = reference(r, a).to_vec();
        match refs.iter_mut().find(|(p, _)| *p == phi) {
            Some((_, who)) => who.push(label(&a.algorithm)),
            None => refs.push((phi, vec![label(&a.algorithm)])),
        }
    }
    if refs.is_empty() {
        refs.push((r.shapley.clone(), Vec::new()));
    }
    let single = refs.len() == 1;
    for (phi, who) in refs {
        let name = if single {
            t("cloudshare-chart-fair-wait")
        } else {
            t!("cloudshare-chart-phi-of", algorithms = who.join(", "))
        };
        series.push(BarSeries { name, values: phi });
    }
    series.extend(r.algorithms.iter().map(|a| BarSeries { name: label(&a.algorithm), values: a.wait.clone() }));
    BarChart {
        title: t("cloudshare-chart-waits"),
        y_label: t("cloudshare-chart-total-wait"),
        labels: names(r),
        series,
        stacked: false,
        reference: None,
    }
}

/// Σ_o |wait(o) − φ_o| per algorithm.
pub fn unfairness(r: &CloudShareResult) -> BarChart {
    BarChart::single(
        &t("cloudshare-chart-unfairness"),
        &t("cloudshare-unfairness"),
        r.algorithms.iter().map(|a| label(&a.algorithm)).collect(),
        r.algorithms.iter().map(|a| a.unfairness).collect(),
    )
}

/// Table 1's points per algorithm.
pub fn scores(r: &CloudShareResult) -> Option<BarChart> {
    let s = r.scores.as_ref()?;
    Some(BarChart::single(
        &t("cloudshare-chart-points"),
        &t("cloudshare-points"),
        s.iter().map(|x| label(&x.algorithm)).collect(),
        s.iter().map(|x| f64::from(x.score)).collect(),
    ))
}

//! The LP behind ERA's `lp_history` predictor (`era::lp`): the exact flow solution against LP
//! solvers (objectives recorded from the clarabel interior point it replaced, and a dense simplex
//! here), feasibility in exact arithmetic, the worked instances, the tie rule, and the core's
//! dependencies in wasm.

mod common;

use cloudecon::era::lp::{solve, LpError, LpJob, LpSolution};
use cloudecon::sim::seeded_rng;
use common::{close, LP_EPS};
use proptest::prelude::*;

fn job(units: f64, duration: u32, value: f64, arrival: u32, deadline: u32) -> LpJob {
    LpJob { units, duration, value, arrival, deadline }
}

fn unit_value(job: &LpJob) -> f64 {
    job.value / (job.units * f64::from(job.duration))
}

/// `x · 2^110` as an integer: exact for the tests' numbers (multiples of 2^-110 below 2^16), so
/// sums of them are exact too.
fn fixed(x: f64) -> i128 {
    let v = x * 2f64.powi(110);
    assert!(v.fract() == 0.0 && v.abs() < 2f64.powi(126), "{x} is not a multiple of 2^-110 below 2^16");
    v as i128
}

/// Every constraint of the LP, in exact arithmetic, on the returned `y`; returns the number of
/// variables the instance has.
#[track_caller]
fn assert_feasible(jobs: &[LpJob], capacity: &[f64], s: &LpSolution) -> usize {
    assert_eq!(s.y.len(), jobs.len());
    let h = capacity.len();
    let mut load = vec![0i128; h];
    let mut variables = 0;
    for (j, (job, y)) in jobs.iter().zip(&s.y).enumerate() {
        let (lo, hi) = ((job.arrival as usize).min(h), (job.deadline as usize).min(h));
        let active = job.units > 0.0 && job.value > 0.0 && job.duration > 0 && hi > lo;
        variables += if active { hi - lo } else { 0 };
        assert!(active || y.is_empty(), "job {j} has no variables but got {y:?}");
        assert!(y.windows(2).all(|w| w[0].0 < w[1].0), "job {j}: slots ascending");
        let mut total = 0i128;
        for &(t, yt) in y {
            assert!((lo..hi).contains(&(t as usize)), "job {j}: slot {t} outside its window");
            assert!(yt > 0.0 && fixed(yt) <= fixed(job.units), "job {j}: y = {yt} at {t} above its width");
            total += fixed(yt);
            load[t as usize] += fixed(yt);
        }
        assert!(total <= fixed(job.units) * i128::from(job.duration), "job {j}: more than its work");
    }
    for (t, (&l, &c)) in load.iter().zip(capacity).enumerate() {
        assert!(l <= fixed(c), "slot {t}: load above capacity {c}");
    }
    let objective: f64 = jobs
        .iter()
        .zip(&s.y)
        .filter(|(_, y)| !y.is_empty())
        .map(|(job, y)| unit_value(job) * y.iter().fold(0.0, |a, &(_, v)| a + v))
        .fold(0.0, |a, v| a + v);
    assert_eq!(s.objective, objective, "the objective is that of the returned y");
    variables
}

/// `max c·x` subject to `A x ≤ b`, `x ≥ 0`, with `b ≥ 0` (the origin is feasible) and a bounded
/// optimum: a dense tableau simplex with Bland's rule (it cannot cycle), in f64. Small problems
/// only.
fn simplex(a: &[Vec<f64>], b: &[f64], c: &[f64]) -> f64 {
    const PIVOT_EPS: f64 = 1e-11;
    let (m, n) = (a.len(), c.len());
    let w = n + m + 1;
    let mut t = vec![vec![0.0; w]; m + 1];
    for i in 0..m {
        t[i][..n].copy_from_slice(&a[i]);
        t[i][n + i] = 1.0;
        t[i][w - 1] = b[i];
    }
    for j in 0..n {
        t[m][j] = -c[j];
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    while let Some(e) = (0..n + m).find(|&j| t[m][j] < -PIVOT_EPS) {
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..m {
            if t[i][e] > PIVOT_EPS {
                let r = t[i][w - 1] / t[i][e];
                let better = match leave {
                    None => true,
                    Some((l, best)) => r < best || (r == best && basis[i] < basis[l]),
                };
                if better {
                    leave = Some((i, r));
                }
            }
        }
        let (p, _) = leave.expect("the LP is bounded");
        let pivot = t[p][e];
        for v in &mut t[p] {
            *v /= pivot;
        }
        let row = t[p].clone();
        for (i, r) in t.iter_mut().enumerate() {
            if i != p && r[e] != 0.0 {
                let f = r[e];
                for (x, &y) in r.iter_mut().zip(&row) {
                    *x -= f * y;
                }
            }
        }
        basis[p] = e;
    }
    t[m][w - 1]
}

/// The LP optimum by the simplex: variables `y_jt` of the active jobs, rows `y ≤ W`, the jobs'
/// work, the slots' capacities.
fn simplex_objective(jobs: &[LpJob], capacity: &[f64]) -> f64 {
    let h = capacity.len();
    let mut vars = Vec::new();
    for (j, job) in jobs.iter().enumerate() {
        if job.units > 0.0 && job.value > 0.0 && job.duration > 0 {
            for t in (job.arrival as usize).min(h)..(job.deadline as usize).min(h) {
                vars.push((j, t));
            }
        }
    }
    let n = vars.len();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (k, &(j, _)) in vars.iter().enumerate() {
        let mut row = vec![0.0; n];
        row[k] = 1.0;
        a.push(row);
        b.push(jobs[j].units);
    }
    for (j, job) in jobs.iter().enumerate() {
        a.push(vars.iter().map(|&(v, _)| if v == j { 1.0 } else { 0.0 }).collect());
        b.push(job.units * f64::from(job.duration));
    }
    for (t, &cap) in capacity.iter().enumerate() {
        a.push(vars.iter().map(|&(_, s)| if s == t { 1.0 } else { 0.0 }).collect());
        b.push(cap);
    }
    let c: Vec<f64> = vars.iter().map(|&(j, _)| unit_value(&jobs[j])).collect();
    simplex(&a, &b, &c)
}

/// A seeded small instance: `seed % 3` picks integer data, quarters and halves (dyadic), or
/// tenths (not dyadic). Windows may run past the horizon and durations past their window; values
/// may be 0 (no variables).
fn seeded_instance(seed: u64, max_jobs: u32, max_h: u32) -> (Vec<LpJob>, Vec<f64>) {
    let mut rng = seeded_rng(seed);
    let mut below = |n: u32| rng.next_u32() % n;
    let kind = seed % 3;
    let scale = [1.0, 4.0, 10.0][kind as usize];
    let h = 1 + below(max_h);
    let capacity: Vec<f64> = (0..h).map(|_| f64::from(below(11 * scale as u32)) / scale).collect();
    let count = 1 + below(max_jobs);
    let jobs = (0..count)
        .map(|_| {
            let arrival = below(h);
            let deadline = arrival + 1 + below(h + 1 - arrival);
            let units = f64::from(1 + below(5 * scale as u32)) / scale;
            let value = f64::from(below(51 * scale as u32)) / scale;
            LpJob { units, duration: 1 + below(4), value, arrival, deadline }
        })
        .collect();
    (jobs, capacity)
}

/// The seeded instances: 240 small (≤ 8 jobs, ≤ 8 slots), then 24 larger (≤ 60 jobs, ≤ 24 slots).
fn seeded_instances() -> impl Iterator<Item = (u64, Vec<LpJob>, Vec<f64>)> {
    let sizes = (0..240u64).map(|s| (s, 8, 8)).chain((1000..1024u64).map(|s| (s, 60, 24)));
    sizes.map(|(seed, jobs, h)| {
        let (j, c) = seeded_instance(seed, jobs, h);
        (seed, j, c)
    })
}

/// Recorded from the clarabel-based solver this replaced (commit 0c58d81), per seeded instance in
/// order: the objective of its snapped allocation (multiples of 2^-20, repaired to feasibility)
/// and of its raw interior-point solution (tolerances 1e-9).
const CLARABEL: [(f64, f64); 264] = [
    (55.29998779296875, 55.30000000059207),
    (9.0, 9.000000000076094),
    (30.75, 30.75000000155643),
    (126.5, 126.50000000047554),
    (23.6875, 23.687500000100016),
    (23.289997641245524, 23.290000000565687),
    (93.69999599456787, 93.70000000120854),
    (13.291666666666666, 13.291666666692803),
    (93.07643028895059, 93.07643369184233),
    (22.666666666666668, 22.66666666700699),
    (89.31245768070221, 89.31250000939575),
    (14.6, 14.599999998726913),
    (60.41666571299235, 60.4166666666089),
    (147.06249831120175, 147.06250000018022),
    (68.90534137090046, 68.90534188076442),
    (18.499995708465576, 18.500000000283684),
    (21.504156470298767, 21.50416666668944),
    (11.425, 11.425000000042001),
    (119.94442431131999, 119.9444444430983),
    (18.25, 18.250000000373188),
    (44.176167758305866, 44.176190476276034),
    (60.799978256225586, 60.80000000038503),
    (2.375, 2.375000000015405),
    (34.3, 34.30000000074245),
    (15.0, 15.000000000739496),
    (33.53572428226471, 33.53573232738043),
    (96.98572345574698, 96.98575269982763),
    (103.08333206176758, 103.08333333346242),
    (129.64583333333334, 129.6458333338562),
    (93.28333333333333, 93.28333336827598),
    (39.0, 39.00000000079088),
    (13.875, 13.875000000271214),
    (108.29677324295044, 108.29677419002216),
    (73.39999103546143, 73.40000000936506),
    (17.5234375, 17.523437499989935),
    (88.86273384094237, 88.86276595912337),
    (47.833333333333336, 47.83333333351258),
    (191.3055510520935, 191.30555558565345),
    (112.15512015024821, 112.15512820403912),
    (24.916658878326416, 24.91666666675026),
    (8.926465034484863, 8.926470588608241),
    (38.6396635055542, 38.63967392059653),
    (116.99997615814209, 117.00000000053464),
    (76.65788292884827, 76.65789473677472),
    (67.99243440628052, 67.99244047600178),
    (47.33332951863607, 47.33333333361993),
    (140.6218545436859, 140.62187500136253),
    (109.41320023536682, 109.41324306987843),
    (108.25, 108.24999999970134),
    (42.916666666666664, 42.91666666847112),
    (57.2, 57.20000000051664),
    (70.63330459594727, 70.63333333343805),
    (194.9596691528956, 194.95972224404798),
    (63.697351932525635, 63.69736842243698),
    (125.75, 125.75000004072876),
    (184.91434319814044, 184.91435185207925),
    (76.29818221728006, 76.29821764345849),
    (44.0, 44.000000000079254),
    (111.45833285649617, 111.4583333345168),
    (11.0, 11.000000000048171),
    (96.49998331069946, 96.49999999642328),
    (15.76666291554769, 15.766666666829554),
    (76.13926773071289, 76.13928571610084),
    (81.62498068809509, 81.62500000210508),
    (3.75, 3.750000000260661),
    (111.74421171347299, 111.7442323737901),
    (5.0, 5.0000000000271125),
    (46.408507366975144, 46.40852130340791),
    (29.541662454605103, 29.541666666687213),
    (119.14999198913574, 119.15000000008598),
    (35.5, 35.50000000375865),
    (1.2666666666666666, 1.2666666666322728),
    (40.199989318847656, 40.199999999912194),
    (49.083333333333336, 49.08333333056965),
    (2.451247978210449, 2.4512499999940354),
    (33.96665827433268, 33.96666666797647),
    (62.82210922241211, 62.822115384304794),
    (94.83103301525117, 94.83103448331806),
    (130.58333071072894, 130.58333333421996),
    (32.75, 32.75000000244991),
    (41.49997072219848, 41.50000003073165),
    (23.25, 23.250000001035126),
    (104.26120817661285, 104.26121798743254),
    (77.37863073348998, 77.37863636374105),
    (130.04165283838907, 130.04166666711563),
    (74.58332943916321, 74.58333333472332),
    (178.5062382221222, 178.50625004475148),
    (158.86665407816568, 158.8666666707951),
    (94.74999284744263, 94.75000001601384),
    (14.700000000000001, 14.70000000009751),
    (49.375, 49.37500000008863),
    (33.25, 33.25000001300519),
    (27.92999439239502, 27.93000000279323),
    (38.625, 38.624999999893504),
    (14.625, 14.625000000105834),
    (37.59263730049133, 37.592647059244555),
    (125.66666428248088, 125.66666666689457),
    (32.5, 32.50000000690913),
    (52.834229151407875, 52.83423423634569),
    (16.25, 16.249999998837243),
    (121.41754865646362, 121.41755697960238),
    (49.64220706621806, 49.64221015071465),
    (40.39999866485596, 40.40000001507378),
    (10.833323001861572, 10.833333333329918),
    (69.48257522583008, 69.48257577568296),
    (98.79996728897095, 98.80000001770128),
    (126.75, 126.75000000036695),
    (112.01523056030274, 112.01523692820443),
    (23.25, 23.25000000298193),
    (44.125, 44.12500003272945),
    (69.51326217651368, 69.51326532021963),
    (68.37499761581421, 68.37500001129177),
    (89.79999494552612, 89.80000000713386),
    (28.845832037925724, 28.845833333471568),
    (102.33333333333333, 102.33333333324228),
    (99.24253344535828, 99.24259037756113),
    (86.775, 86.77499999982447),
    (33.99999713897705, 34.0000000004855),
    (45.859375, 45.85937500007649),
    (3.929977512359619, 3.9300000001487905),
    (124.0, 124.00000000669843),
    (30.666666666666664, 30.66666666722174),
    (189.10165745417277, 189.10166667465717),
    (34.416666666666664, 34.416666671845356),
    (108.05207937955856, 108.05208333322754),
    (78.87638203303018, 78.87639860299996),
    (14.416666348775228, 14.41666666679733),
    (83.21354166666666, 83.2135416669302),
    (14.299999999999999, 14.299999999996036),
    (77.49999523162842, 77.5000000190531),
    (84.01315760612488, 84.01315789782015),
    (80.75, 80.75000001139045),
    (4.25, 4.250000000024177),
    (164.2445064385732, 164.24451754288341),
    (8.59999844233195, 8.60000000016991),
    (30.0, 30.00000000178482),
    (53.1875, 53.1875000037129),
    (27.474988269805905, 27.47500000316478),
    (11.5, 11.500000000359721),
    (77.7129622300466, 77.71296296437576),
    (14.614285405476888, 14.614285714324632),
    (54.25, 54.2500000212459),
    (110.74996137619019, 110.75000000915506),
    (93.31620512008668, 93.31621621609217),
    (22.0, 22.000000000596085),
    (10.19735860824585, 10.197368421144505),
    (135.20952351888022, 135.2095238120506),
    (45.5, 45.50000000021532),
    (95.14791240294774, 95.14791666656187),
    (49.31332772572836, 49.31333333594466),
    (15.333333333333334, 15.333333333326284),
    (58.1875, 58.18750000545204),
    (141.89492498238883, 141.89497413247696),
    (83.06666437784831, 83.06666666791088),
    (38.09375, 38.09375000039874),
    (5.85, 5.85000000064826),
    (66.9166612625122, 66.91666666627953),
    (15.583327770233154, 15.583333333266214),
    (98.45000000000002, 98.45000000041071),
    (80.66666666666666, 80.66666666681411),
    (46.0, 46.0000000010841),
    (75.96666666666667, 75.96666666658255),
    (59.666666666666664, 59.666666668479074),
    (27.75, 27.750000000113335),
    (5.066666666666666, 5.066666666661807),
    (109.66666293144226, 109.66666665726038),
    (75.3712110519409, 75.37121212139755),
    (63.98159379959106, 63.9816038940395),
    (35.449992179870605, 35.450000005515314),
    (133.95885952313742, 133.95887445896884),
    (79.50797034899392, 79.5079710120777),
    (92.75, 92.7500000131863),
    (46.0, 46.00000000029341),
    (66.7499917348226, 66.75000000074779),
    (78.1999979019165, 78.20000000044348),
    (19.25, 19.250000000002547),
    (211.77182598114015, 211.77183166893656),
    (44.0, 44.000000000367294),
    (71.77840036153793, 71.77840909065179),
    (43.54166666666667, 43.54166666678548),
    (16.625, 16.62500000071355),
    (7.030092557271321, 7.030092592732538),
    (76.62499771118165, 76.62499998972851),
    (12.499995231628418, 12.500000000096874),
    (67.74969363212585, 67.74970095648767),
    (54.48610935211182, 54.48611111132402),
    (15.875, 15.875000001291792),
    (115.98809353510538, 115.98809523429091),
    (38.625, 38.62500000080972),
    (66.54998397827148, 66.55000000413638),
    (55.75, 55.75000000031483),
    (34.0461210568746, 34.0461240305691),
    (56.66664505004883, 56.66666666669643),
    (25.72716784477234, 25.727192983465866),
    (97.2110389550527, 97.2110465116782),
    (2.6666666666666665, 2.666666666670615),
    (45.75, 45.75000000311063),
    (3.2249999999999996, 3.2249999999820584),
    (19.366663614908852, 19.366666666572137),
    (45.19641693433125, 45.19642857037469),
    (36.96883754730224, 36.968840579362315),
    (38.93331368764241, 38.93333333369499),
    (13.5625, 13.562500000461608),
    (126.22497682571412, 126.22500001232808),
    (5.75, 5.749999999989831),
    (95.91666666666666, 95.9166666919122),
    (13.39999574025472, 13.40000000110531),
    (19.0, 19.000000000091134),
    (8.352270603179932, 8.352272728598479),
    (120.08183193206787, 120.08184143222567),
    (45.0, 45.0000000114013),
    (12.875, 12.87500000054397),
    (134.18186631202698, 134.18189103265343),
    (10.0, 10.000000004604692),
    (24.39459466934204, 24.394607843539358),
    (7.677969900767009, 7.6779761904378345),
    (85.0, 85.00000000715829),
    (38.13539934158325, 38.13541666673756),
    (56.099999999999994, 56.10000001330051),
    (41.24999690055847, 41.25000000136559),
    (143.19178899129233, 143.19178921583725),
    (59.41493886311849, 59.41494252946597),
    (21.333330631256104, 21.33333333601015),
    (108.08534479141235, 108.08535353618508),
    (117.23109283447266, 117.23109753255477),
    (18.5, 18.5000000002147),
    (44.2787839571635, 44.27878788171168),
    (25.380554389953616, 25.380555556330954),
    (130.44999313354492, 130.44999999984708),
    (30.15971612930298, 30.159722222205893),
    (52.74488906065623, 52.7448924723814),
    (11.0, 11.000000001540101),
    (32.59999895095825, 32.60000000120097),
    (87.39999993642172, 87.40000000404099),
    (15.5, 15.500000000413484),
    (15.5625, 15.562500001432916),
    (10.25, 10.249999999819819),
    (7.199993133544922, 7.2000000011356144),
    (121.5, 121.5000000010883),
    (63.94995665550232, 63.950000006545196),
    (450.3598233064016, 450.3599673298357),
    (122.20000000000002, 122.20000000070675),
    (916.5331494013468, 916.5333333343038),
    (305.32700681686407, 305.3270502906832),
    (594.7974309603375, 594.7975275480767),
    (880.712350845337, 880.7125001648856),
    (912.1207956075667, 912.120997832596),
    (393.3728676795959, 393.372916683022),
    (470.98323718706763, 470.9833333350713),
    (173.41871426502863, 173.41872710835898),
    (426.90624930063876, 426.9063869979232),
    (740.5832001368204, 740.5833333276564),
    (414.3380340735117, 414.33809523859554),
    (221.21732339859008, 221.21733746368818),
    (371.33330901463825, 371.3333333394464),
    (498.4300922950109, 498.43022880004014),
    (814.1799394210178, 814.1801527900226),
    (445.12496121724445, 445.1250000200393),
    (534.0563960075378, 534.0565476232711),
    (595.5032857497533, 595.5033722380675),
    (64.0, 64.00000000051882),
    (102.34375, 102.3437500026117),
    (312.93734224637353, 312.9374065035408),
    (776.7915483315786, 776.7916667052802),
];

#[test]
fn the_objective_matches_the_interior_point_on_the_seeded_instances() {
    let mut worst = 0.0f64;
    for ((seed, jobs, capacity), &(snapped, raw)) in seeded_instances().zip(&CLARABEL) {
        let s = solve(&jobs, &capacity).unwrap();
        assert_feasible(&jobs, &capacity, &s);
        assert!(close(s.objective, raw, LP_EPS), "seed {seed}: flow {} vs interior point {raw}", s.objective);
        // The snapped allocation is feasible, so never better than the optimum.
        assert!(s.objective >= snapped * (1.0 - 1e-15), "seed {seed}: flow {} below snapped {snapped}", s.objective);
        // The simplex here agrees with clarabel too (it is the reference of the property below).
        let simplex = simplex_objective(&jobs, &capacity);
        assert!(close(simplex, raw, LP_EPS), "seed {seed}: simplex {simplex} vs interior point {raw}");
        worst = worst.max((s.objective - raw).abs() / raw.abs().max(1.0));
    }
    // Recorded in BENCHMARKS.md: the largest relative gap is clarabel's own tolerance.
    assert!(worst < 1e-8, "largest relative gap {worst}");
}

/// A random small instance for the properties; `scale` 1 (integers), 4 (quarters) or 10 (tenths).
fn instance() -> impl Strategy<Value = (Vec<LpJob>, Vec<f64>)> {
    (prop::sample::select(vec![1u32, 4, 10]), 1usize..=6).prop_flat_map(|(scale, h)| {
        let f = move |k: u32| f64::from(k) / f64::from(scale);
        let capacity = prop::collection::vec((0..=10 * scale).prop_map(f), h);
        let job = (1..=5 * scale, 0u32..=4, 0..=50 * scale, 0..h as u32, 1u32..=7).prop_map(
            move |(units, duration, value, arrival, window)| {
                job(f(units), duration, f(value), arrival, arrival + window)
            },
        );
        (prop::collection::vec(job, 0..=6), capacity)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_flow_is_feasible_and_as_good_as_the_simplex((jobs, capacity) in instance()) {
        let s = solve(&jobs, &capacity).unwrap();
        assert_feasible(&jobs, &capacity, &s);
        let reference = simplex_objective(&jobs, &capacity);
        prop_assert!(close(s.objective, reference, LP_EPS), "flow {} vs simplex {reference}", s.objective);
        // Integer data give integer units.
        if jobs.iter().all(|j| j.units.fract() == 0.0) && capacity.iter().all(|c| c.fract() == 0.0) {
            prop_assert!(s.y.iter().flatten().all(|&(_, y)| y.fract() == 0.0), "{:?}", s.y);
        }
    }

    /// Feasibility and determinism with arbitrary finite inputs, tiny and huge side by side (the
    /// wide integers).
    #[test]
    fn any_finite_inputs_give_a_feasible_allocation(
        units in prop::collection::vec((0.0f64..1.0, -300i32..300), 1..6),
        caps in prop::collection::vec((0.0f64..1.0, -300i32..300), 1..5),
        windows in prop::collection::vec((0u32..5, 1u32..5, 1u32..4, 0.0f64..10.0), 6),
    ) {
        let capacity: Vec<f64> = caps.iter().map(|&(m, e)| libm::scalbn(m, e)).collect();
        let jobs: Vec<LpJob> = units
            .iter()
            .zip(&windows)
            .map(|(&(m, e), &(a, w, d, v))| job(libm::scalbn(m, e), d, v, a, a + w))
            .collect();
        let s = solve(&jobs, &capacity).unwrap();
        prop_assert_eq!(&s, &solve(&jobs, &capacity).unwrap());
        // Exact feasibility with numbers this far apart: compare as rationals m · 2^e.
        let h = capacity.len();
        for (job, y) in jobs.iter().zip(&s.y) {
            for &(t, v) in y {
                prop_assert!(v <= job.units && (t as usize) < h && t >= job.arrival && t < job.deadline);
            }
            prop_assert!(exact_sum(y.iter().map(|&(_, v)| v)) <= exact_sum(std::iter::repeat_n(job.units, job.duration as usize)));
        }
        for (t, &c) in capacity.iter().enumerate() {
            let at_t = s.y.iter().flatten().filter(|&&(s, _)| s as usize == t).map(|&(_, v)| v);
            prop_assert!(exact_sum(at_t) <= exact_sum(std::iter::once(c)), "slot {t}");
        }
    }
}

/// An exact sum of non-negative finite `f64`s as a big binary number (bits from 2^-1074 up),
/// comparable with `<=`: the most significant bit first.
fn exact_sum(xs: impl Iterator<Item = f64>) -> Vec<u8> {
    const BITS: usize = 1074 + 1024 + 16;
    let mut acc = vec![0u8; BITS];
    for x in xs {
        let bits = x.to_bits();
        let (e, f) = (((bits >> 52) & 0x7ff) as usize, bits & ((1 << 52) - 1));
        let (m, shift) = if e == 0 { (f, 0) } else { (f | 1 << 52, e - 1) };
        let mut carry = 0u8;
        for (k, a) in acc.iter_mut().enumerate() {
            let bit = if k >= shift && k - shift < 64 { ((m >> (k - shift)) & 1) as u8 } else { 0 };
            let s = *a + bit + carry;
            *a = s & 1;
            carry = s >> 1;
        }
    }
    acc.reverse();
    acc
}

#[test]
fn the_valuable_job_takes_the_only_slot() {
    let jobs = [job(10.0, 1, 5.0, 0, 1), job(10.0, 1, 10.0, 0, 1)];
    let s = solve(&jobs, &[10.0]).unwrap();
    assert_eq!(s.y, vec![vec![], vec![(0, 10.0)]]);
    assert_eq!(s.objective, 10.0);
}

#[test]
fn day_job_gets_the_day_flexible_job_the_night() {
    let jobs = [job(10.0, 1, 100.0, 0, 1), job(10.0, 1, 50.0, 0, 2)];
    let s = solve(&jobs, &[10.0, 10.0]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 10.0)], vec![(1, 10.0)]]);
    assert_eq!(s.objective, 150.0);
}

#[test]
fn capacity_splits_a_job_fractionally() {
    let s = solve(&[job(10.0, 1, 1.0, 0, 1)], &[5.0]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 5.0)]]);
    assert_eq!(s.objective, 0.5);
}

#[test]
fn the_leftover_capacity_goes_to_the_next_job() {
    let jobs = [job(10.0, 1, 10.0, 0, 1), job(10.0, 1, 100.0, 0, 1)];
    let s = solve(&jobs, &[15.0]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 5.0)], vec![(0, 10.0)]]);
    assert_eq!(s.objective, 105.0);
}

#[test]
fn a_long_job_fills_its_window_and_loses_to_a_denser_one() {
    // A: 200 over 10 units × 2 slots (10 per unit-slot); B: 50 over 10 units × 1 slot (5).
    let jobs = [job(10.0, 2, 200.0, 0, 2), job(10.0, 1, 50.0, 1, 2)];
    let s = solve(&jobs, &[10.0, 10.0]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 10.0), (1, 10.0)], vec![]]);
    assert_eq!(s.objective, 200.0);
}

#[test]
fn a_window_shorter_than_the_duration_gets_a_partial_allocation() {
    // The window [3, 10) is clipped to the horizon [0, 5): 2 slots for a 3-slot job.
    let s = solve(&[job(1.0, 3, 3.0, 3, 10)], &[10.0; 5]).unwrap();
    assert_eq!(s.y, vec![vec![(3, 1.0), (4, 1.0)]]);
    assert_eq!(s.objective, 2.0);
}

#[test]
fn jobs_without_variables_get_empty_allocations() {
    let jobs = [
        job(0.0, 1, 5.0, 0, 2), // no units
        job(1.0, 1, 0.0, 0, 2), // no value
        job(1.0, 0, 5.0, 0, 2), // no duration
        job(1.0, 1, 5.0, 2, 9), // window past the horizon
        job(1.0, 1, 5.0, 1, 1), // empty window
        job(1.0, 1, 4.0, 0, 2), // the only real one
    ];
    let s = solve(&jobs, &[1.0, 0.0]).unwrap();
    assert_eq!(s.y, vec![vec![], vec![], vec![], vec![], vec![], vec![(0, 1.0)]]);
    assert_eq!(s.objective, 4.0);
    let none = solve(&jobs[..5], &[1.0, 0.0]).unwrap();
    assert_eq!(none, LpSolution { y: vec![vec![]; 5], objective: 0.0 });
    assert_eq!(solve(&[], &[]).unwrap(), LpSolution { y: vec![], objective: 0.0 });
}

#[test]
fn bad_inputs_are_errors() {
    let ok = job(1.0, 1, 1.0, 0, 1);
    let e = solve(&[ok.clone(), job(f64::NAN, 1, 1.0, 0, 1)], &[1.0]).unwrap_err();
    assert_eq!(e, LpError::InvalidJob { index: 1, value: false });
    assert!(e.to_string().ends_with("LP job 1: units must be finite and non-negative"), "{e}");
    assert!(e.to_string().contains("job 1"));
    assert!(matches!(solve(&[job(1.0, 1, -1.0, 0, 1)], &[1.0]), Err(LpError::InvalidJob { index: 0, .. })));
    assert!(matches!(solve(&[job(1.0, 1, f64::INFINITY, 0, 1)], &[1.0]), Err(LpError::InvalidJob { .. })));
    let e = solve(std::slice::from_ref(&ok), &[1.0, -2.0]).unwrap_err();
    assert_eq!(e, LpError::InvalidCapacity { slot: 1, value: -2.0 });
    assert!(e.to_string().contains("slot 1"));
    assert!(matches!(solve(&[ok], &[f64::NAN]), Err(LpError::InvalidCapacity { slot: 0, .. })));
}

#[test]
fn tenths_are_exact() {
    // 0.1 and 0.2 units in a slot of 0.3: the exact sum of the f64 numbers 0.1 and 0.2 is above
    // the f64 number 0.3 by 2^-55, so the second job (the lower unit value) gets 0.2 − 2^-55 and
    // the slot is exactly full.
    let jobs = [job(0.1, 1, 1.0, 0, 1), job(0.2, 1, 1.0, 0, 1)];
    let s = solve(&jobs, &[0.3]).unwrap();
    assert_eq!(s.y[0], vec![(0, 0.1)]);
    let (y1, expected) = (s.y[1][0].1, 0.2 - libm::scalbn(1.0, -55));
    assert_eq!(y1, expected);
    assert_eq!(fixed(0.1) + fixed(y1), fixed(0.3));
}

/// The tie rule (module doc of `era::lp`, ARCHITECTURE.md "Spec choices → ERA"): equal unit
/// values go in input order; a job fills its window's free capacity earliest slot first, and only
/// then displaces earlier jobs, along the shortest chains, earliest slots first.
#[test]
fn the_tie_rule() {
    // Identical jobs competing for one slot: the first listed takes it all (the interior point
    // gave each half).
    let s = solve(&[job(10.0, 1, 7.0, 0, 1), job(10.0, 1, 7.0, 0, 1)], &[10.0]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 10.0)], vec![]]);
    assert_eq!(s.objective, 7.0);
    // Equal unit values (1 per unit-slot), different sizes: input order decides.
    let (big, small) = (job(2.0, 1, 2.0, 0, 1), job(1.0, 1, 1.0, 0, 1));
    assert_eq!(solve(&[big.clone(), small.clone()], &[2.0]).unwrap().y, vec![vec![(0, 2.0)], vec![]]);
    assert_eq!(solve(&[small, big], &[2.0]).unwrap().y, vec![vec![(0, 1.0)], vec![(0, 1.0)]]);
    // A job with room takes the earliest slots of its window (not a share of each).
    let s = solve(&[job(1.0, 2, 2.0, 0, 4)], &[1.0; 4]).unwrap();
    assert_eq!(s.y, vec![vec![(0, 1.0), (1, 1.0)]]);
    // Rerouting: A (10 per unit-slot, 2 slots in [0, 4)) goes first and takes slots 0 and 1. B and
    // C (5 each, 1 slot in [0, 2), B listed first) find no free slot in their window: B moves A
    // from slot 0 to slot 2 (the shortest chain B → 0 → A → 2, the earliest), then C, whose chain
    // through B at slot 0 leads nowhere, moves A from slot 1 to slot 3.
    let jobs = [job(1.0, 2, 20.0, 0, 4), job(1.0, 1, 5.0, 0, 2), job(1.0, 1, 5.0, 0, 2)];
    let s = solve(&jobs, &[1.0; 4]).unwrap();
    assert_eq!(s.y, vec![vec![(2, 1.0), (3, 1.0)], vec![(0, 1.0)], vec![(1, 1.0)]]);
    assert_eq!(s.objective, 30.0);
}

#[test]
fn a_fully_booked_window_is_skipped_without_changing_anything() {
    // Many low-value jobs after the capacity is gone: each finds no path (the dead-node pruning
    // must not change the result of later, feasible jobs).
    let mut jobs: Vec<LpJob> = (0..50).map(|k| job(1.0, 1, 1.0, k % 3, 3)).collect();
    jobs.push(job(1.0, 1, 0.5, 3, 5));
    let s = solve(&jobs, &[1.0; 5]).unwrap();
    assert_feasible(&jobs, &[1.0; 5], &s);
    assert_eq!(s.y[0], vec![(0, 1.0)]);
    assert_eq!(s.y[1], vec![(1, 1.0)]);
    assert_eq!(s.y[2], vec![(2, 1.0)]);
    assert!(s.y[3..50].iter().all(Vec::is_empty));
    assert_eq!(s.y[50], vec![(3, 1.0)]);
}

/// Issue 23: the core builds for any wasm host, so nothing it depends on may import JavaScript.
#[test]
fn the_core_depends_on_no_javascript_crate_in_wasm() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let javascript = ["js-sys", "wasm-bindgen", "web-sys", "web-time", "gloo"];
    for features in [&[][..], &["--no-default-features"][..]] {
        let output = std::process::Command::new(env!("CARGO"))
            .args(["tree", "--manifest-path", manifest, "-p", "cloudecon-core"])
            .args(["--target", "wasm32-unknown-unknown", "-e", "normal", "--prefix", "none", "--locked"])
            .args(features)
            .output();
        let output = match output {
            Ok(o) if o.status.success() => o,
            Ok(o) => panic!("cargo tree failed: {}", String::from_utf8_lossy(&o.stderr)),
            Err(e) => {
                eprintln!("skipped: cannot run cargo ({e})");
                return;
            }
        };
        let tree = String::from_utf8_lossy(&output.stdout);
        assert!(tree.lines().any(|l| l.starts_with("cloudecon-core ")), "unexpected output: {tree}");
        for line in tree.lines() {
            let name = line.split_whitespace().next().unwrap_or("");
            let bad = javascript.iter().any(|js| name == *js || name.starts_with(&format!("{js}-")));
            assert!(!bad, "the core depends on {name} for wasm32 ({features:?}):\n{tree}");
        }
    }
}

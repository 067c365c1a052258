#include "ui/chartpanel.h"
#include "ui/chartdrawing.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QHorizontalBarSeries>
#include <QChartView>
#include <QProcess>
#include <QStandardPaths>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QLineEdit>
#include <QApplication>
#include <QWheelEvent>
#include <QVBoxLayout>
#include <QScrollBar>
#include <QScrollArea>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QLineSeries>
#include <QMenu>
#include <QPieSeries>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QValueAxis>
#include <QXmlStreamReader>

#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using core::ChartKind;
using ui::ChartPanel;

Q_DECLARE_METATYPE(sqlmend::core::ChartKind)

namespace {

const QStringList regions = {u"north"_s, u"south"_s, u"east"_s,  u"west"_s,   u"centre"_s,
                             u"coast"_s, u"hills"_s, u"lakes"_s, u"plains"_s, u"islands"_s};

void appendRow(QStandardItemModel &model, const QVariantList &values)
{
    QList<QStandardItem *> items;
    for (const QVariant &value : values) {
        auto *item = new QStandardItem;
        item->setData(value, Qt::EditRole);
        items.append(item);
    }
    model.appendRow(items);
}

// The shapes of result a chart is suggested for.
std::unique_ptr<QStandardItemModel> makeModel(const QString &shape, int rows = 10)
{
    auto model = std::make_unique<QStandardItemModel>();
    if (shape == u"category + number"_s) {
        model->setHorizontalHeaderLabels({u"region"_s, u"revenue"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(
                    *model,
                    {i < regions.size() ? regions.at(i) : u"%1 %2"_s.arg(regions.at(i % 10)).arg(i),
                     100.0 + 10 * i});
    } else if (shape == u"time + number"_s) {
        // Dates as text, out of order: the line must sort them.
        model->setHorizontalHeaderLabels({u"day"_s, u"orders"_s});
        const QList<int> order = {3, 0, 5, 1, 4, 2};
        for (int day : order)
            appendRow(*model, {u"2024-07-0%1"_s.arg(day + 1), day * 10});
    } else if (shape == u"two numbers"_s) {
        model->setHorizontalHeaderLabels({u"height"_s, u"weight"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(*model, {150.0 + i, 50.0 + i / 2.0});
    } else if (shape == u"one text column"_s) {
        model->setHorizontalHeaderLabels({u"name"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(*model, {regions.at(i % regions.size())});
    } else if (shape == u"few categories"_s) {
        model->setHorizontalHeaderLabels({u"status"_s, u"orders"_s});
        appendRow(*model, {u"paid"_s, 12});
        appendRow(*model, {u"open"_s, 3});
        appendRow(*model, {u"refunded"_s, 1});
    } else if (shape == u"one number"_s) {
        model->setHorizontalHeaderLabels({u"price"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(*model, {5.0 + (i * 37 % 101) / 3.0});
    } else if (shape == u"raw orders"_s) {
        // Rows, not groups: statuses repeat, amounts add up.
        model->setHorizontalHeaderLabels({u"status"_s, u"amount"_s, u"items"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(*model, {regions.at(i % 3), 10.0 + i, i % 4 + 1});
    } else if (shape == u"long labels"_s) {
        model->setHorizontalHeaderLabels({u"product"_s, u"sold"_s});
        for (int i = 0; i < rows; ++i) {
            appendRow(*model,
                      {u"Extra large insulated stainless steel bottle, model %1"_s.arg(i),
                       qlonglong(10 + i)});
        }
    } else if (shape == u"mixed"_s) {
        // A category, a number that may be an x axis, a second measure, a note.
        model->setHorizontalHeaderLabels({u"region"_s, u"qty"_s, u"revenue"_s, u"note"_s});
        for (int i = 0; i < rows; ++i)
            appendRow(*model, {regions.at(i % regions.size()), i + 1, 100.0 - i, u"n"_s});
    }
    return model;
}

QList<qreal> barValues(QChart *chart)
{
    QList<qreal> values;
    auto *series = qobject_cast<QBarSeries *>(chart->series().value(0));
    if (!series || series->barSets().isEmpty())
        return values;
    QBarSet *set = series->barSets().first();
    for (int i = 0; i < set->count(); ++i)
        values.append(set->at(i));
    return values;
}

QStringList textsOfSvg(const QByteArray &svg)
{
    QStringList texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text"_s)
            texts.append(xml.readElementText().trimmed());
    }
    return texts;
}

int pointCount(QChart *chart)
{
    int count = 0;
    const QList<QAbstractSeries *> series = chart->series();
    for (QAbstractSeries *one : series) {
        if (auto *xy = qobject_cast<QXYSeries *>(one))
            count += int(xy->count());
        else if (auto *pie = qobject_cast<QPieSeries *>(one))
            count += int(pie->count());
        else if (auto *bars = qobject_cast<QAbstractBarSeries *>(one))
            count += bars->barSets().isEmpty() ? 0 : int(bars->barSets().first()->count());
        else if (auto *area = qobject_cast<QAreaSeries *>(one))
            count += int(area->upperSeries()->count());
    }
    return count;
}

} // namespace

class tst_ChartPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void suggestion_data();
    void suggestion();
    void lineIsSortedByTime();
    void changeTypeAndColumns();
    void keyboardAndAccessibility();
    void modelChangesAreDebounced();
    void userChoiceSurvivesNewRows();
    void capIsNoted();
    void largeResult_data();
    void largeResult();
    void followsThePalette();
    void exports_data();
    void exports();
    void exportFailures_data();
    void exportFailures();
    void exportFromTheMenu();
    void wheelScrollsPastTheChoosers();
    void everyKindDrawsOrSaysWhy_data();
    void everyKindDrawsOrSaysWhy();
    void integersPrintWithoutDecimals();
    void longLabelsFit();
    void titleFromTheSource();
    void exportsCarryLegendAndLabels_data();
    void exportsCarryLegendAndLabels();
    void pieLabelsAreNotClipped();

private:
    QTemporaryDir m_dir;
};

void tst_ChartPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // To look at the exports by eye.
    if (qEnvironmentVariableIsSet("SQLMEND_KEEP_CHART_EXPORTS")) {
        m_dir.setAutoRemove(false);
        qInfo("exports are kept in %s", qPrintable(m_dir.path()));
    }
}

void tst_ChartPanel::suggestion_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<QString>("seriesClass");
    QTest::addColumn<int>("points");

    QTest::newRow("category + number")
            << u"category + number"_s << QString() << ChartKind::Bar << u"QBarSeries"_s << 10;
    QTest::newRow("a date axis: line")
            << u"time + number"_s << QString() << ChartKind::Line << u"QLineSeries"_s << 6;
    QTest::newRow("two numbers") << u"two numbers"_s << QString() << ChartKind::Scatter
                                 << u"QScatterSeries"_s << 10;
    QTest::newRow("a share: pie")
            << u"few categories"_s
            << u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status"_s << ChartKind::Pie
            << u"QPieSeries"_s << 3;
    QTest::newRow("a ranking: bar")
            << u"few categories"_s
            << u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY orders "
               "DESC LIMIT 3"_s
            << ChartKind::Bar << u"QBarSeries"_s << 3;
    QTest::newRow("an average: not pie")
            << u"few categories"_s
            << u"SELECT status, AVG(total) AS orders FROM orders GROUP BY status"_s
            << ChartKind::Bar << u"QBarSeries"_s << 3;
    QTest::newRow("one number of many rows: histogram")
            << u"one number"_s << u"SELECT price FROM products"_s << ChartKind::Histogram
            << u"QBarSeries"_s << 7;
    QTest::newRow("raw rows: sums per status")
            << u"raw orders"_s << u"SELECT status, amount, items FROM orders"_s
            << ChartKind::GroupedBar << u"QBarSeries"_s << 3;
    QTest::newRow("one text column")
            << u"one text column"_s << QString() << ChartKind::None << QString() << 0;
}

void tst_ChartPanel::suggestion()
{
    QFETCH(QString, shape);
    QFETCH(QString, sql);
    QFETCH(ChartKind, kind);
    QFETCH(QString, seriesClass);
    QFETCH(int, points);

    const auto model = makeModel(shape, shape == u"one number"_s ? 100 : 10);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.setSource({QString(), sql});
    panel.refresh();
    QVERIFY2(panel.suggestion().kind == kind, qPrintable(panel.suggestion().reason));
    QCOMPARE(panel.shownChart().kind, kind);
    QVERIFY(!panel.note().isEmpty());
    QCOMPARE(panel.note().split(u'\n').first(), panel.suggestion().reason);

    const QList<QAbstractSeries *> series = panel.chart()->series();
    if (kind == ChartKind::None) {
        QVERIFY(series.isEmpty());
        // Never a blank box: the reason takes the chart's place.
        QVERIFY(panel.isPlaceholderShown());
        QVERIFY(panel.placeholderText().contains(panel.suggestion().reason));
        return;
    }
    QVERIFY(!panel.isPlaceholderShown());
    QVERIFY(!panel.title().isEmpty());
    QCOMPARE(series.size(), 1);
    QCOMPARE(QString::fromLatin1(series.first()->metaObject()->className()), seriesClass);
    QCOMPARE(pointCount(panel.chart()), points);
    if (kind == ChartKind::Bar && shape == u"category + number"_s) {
        const QList<qreal> values = barValues(panel.chart());
        QCOMPARE(values.size(), 10);
        QCOMPARE(values.first(), 100.0);
        QCOMPARE(values.last(), 190.0);
    } else if (kind == ChartKind::Pie) {
        auto *pie = qobject_cast<QPieSeries *>(series.first());
        QCOMPARE(pie->sum(), 16.0);
        QVERIFY(pie->slices().first()->label().startsWith(u"paid"_s));
    } else if (kind == ChartKind::Scatter) {
        auto *scatter = qobject_cast<QScatterSeries *>(series.first());
        QCOMPARE(scatter->at(3), QPointF(153.0, 51.5));
    } else if (kind == ChartKind::Histogram) {
        // Every row is in one bin.
        qreal total = 0;
        QBarSet *set = qobject_cast<QBarSeries *>(series.first())->barSets().first();
        for (int i = 0; i < set->count(); ++i)
            total += set->at(i);
        QCOMPARE(total, 100.0);
    } else if (kind == ChartKind::GroupedBar) {
        QCOMPARE(panel.shownChart().aggregation, core::ChartAggregation::Sum);
        QCOMPARE(barValues(panel.chart()),
                 (QList<qreal>{10 + 13 + 16 + 19, 11 + 14 + 17, 12 + 15 + 18}));
    }
}

void tst_ChartPanel::lineIsSortedByTime()
{
    const auto model = makeModel(u"time + number"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    auto *line = qobject_cast<QLineSeries *>(panel.chart()->series().value(0));
    QVERIFY(line);
    QCOMPARE(line->count(), 6);
    for (int i = 0; i < line->count(); ++i) {
        QCOMPARE(line->at(i).y(), 10.0 * i); // orders rise with the day
        if (i > 0)
            QVERIFY(line->at(i).x() > line->at(i - 1).x());
    }
    QCOMPARE(qint64(line->at(0).x()), QDate(2024, 7, 1).startOfDay().toMSecsSinceEpoch());
}

void tst_ChartPanel::changeTypeAndColumns()
{
    const auto model = makeModel(u"mixed"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    QCOMPARE(panel.shownChart().kind, ChartKind::GroupedBar);
    QCOMPARE(panel.shownChart().valueColumns, (QList<int>{1, 2}));
    QCOMPARE(panel.chart()->series().size(), 1);
    QCOMPARE(qobject_cast<QBarSeries *>(panel.chart()->series().first())->count(), 2);

    // In code: a scatter of revenue against qty.
    core::ChartSuggestion shown = panel.setChart(ChartKind::Scatter, 1, {2});
    QCOMPARE(shown.kind, ChartKind::Scatter);
    auto *scatter = qobject_cast<QScatterSeries *>(panel.chart()->series().value(0));
    QVERIFY(scatter);
    QCOMPARE(scatter->count(), 10);
    QCOMPARE(scatter->at(0), QPointF(1, 100));

    // A choice that cannot be drawn says why, draws nothing and shows the reason in its place.
    shown = panel.setChart(ChartKind::Line, 0, {2});
    QCOMPARE(shown.kind, ChartKind::None);
    QVERIFY(panel.chart()->series().isEmpty());
    QVERIFY2(panel.note().contains(u"region"_s), qPrintable(panel.note()));
    QVERIFY(panel.isPlaceholderShown());
    QVERIFY2(panel.placeholderText().contains(u"region"_s), qPrintable(panel.placeholderText()));

    // With the controls: pie of revenue by region.
    auto *kindBox = panel.findChild<QComboBox *>(u"chartKind"_s);
    auto *xBox = panel.findChild<QComboBox *>(u"chartXColumn"_s);
    auto *aggregationBox = panel.findChild<QComboBox *>(u"chartAggregation"_s);
    QToolButton *seriesButton = panel.seriesButton();
    QVERIFY(kindBox && xBox && aggregationBox && seriesButton && seriesButton->menu());
    QCOMPARE(kindBox->count(), 10); // nine kinds and "no chart"
    QCOMPARE(xBox->count(), 4);
    QCOMPARE(aggregationBox->count(), 6);
    const auto seriesAction = [&](const QString &name) -> QAction * {
        for (QAction *action : seriesButton->menu()->actions()) {
            if (action->text() == name)
                return action;
        }
        return nullptr;
    };
    QCOMPARE(seriesButton->menu()->actions().size(), 2); // qty, revenue
    xBox->setCurrentIndex(xBox->findText(u"region"_s));
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Pie)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QCOMPARE(panel.shownChart().categoryOrXColumn, 0);
    QCOMPARE(panel.shownChart().valueColumns.size(), 1);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{2}); // revenue, as before
    seriesAction(u"qty"_s)->trigger(); // a pie takes one: qty replaces revenue
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{1});
    seriesAction(u"revenue"_s)->trigger();
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{2});
    auto *pie = qobject_cast<QPieSeries *>(panel.chart()->series().value(0));
    QVERIFY(pie);
    QCOMPARE(pie->count(), 10);
    QCOMPARE(pie->sum(), 955.0);

    // Bar with one series; ticking a second makes it grouped, unticking it makes it a bar again.
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Bar)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);
    seriesAction(u"qty"_s)->trigger();
    QCOMPARE(panel.shownChart().kind, ChartKind::GroupedBar);
    QCOMPARE(panel.shownChart().valueColumns, (QList<int>{1, 2}));
    QCOMPARE(kindBox->currentData().toInt(), int(ChartKind::GroupedBar));
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::StackedBar)));
    QCOMPARE(QString::fromLatin1(panel.chart()->series().value(0)->metaObject()->className()),
             u"QStackedBarSeries"_s);
    seriesAction(u"qty"_s)->trigger();
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);

    // To a line: a category cannot be its x axis, so a free number becomes it; never empty.
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Line)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Line);
    QCOMPARE(panel.shownChart().categoryOrXColumn, 1);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{2});
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Area)));
    QCOMPARE(QString::fromLatin1(panel.chart()->series().value(0)->metaObject()->className()),
             u"QAreaSeries"_s);
    // The axis chosen as the value: the value moves to another number, not an error.
    xBox->setCurrentIndex(xBox->findText(u"revenue"_s));
    QCOMPARE(panel.shownChart().kind, ChartKind::Area);
    QCOMPARE(panel.shownChart().categoryOrXColumn, 2);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{1});

    // A histogram of qty: the series and the aggregation do not apply and are disabled.
    xBox->setCurrentIndex(xBox->findText(u"qty"_s));
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Histogram)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Histogram);
    QVERIFY(!seriesButton->isEnabled());
    QVERIFY(!aggregationBox->isEnabled());
    QCOMPARE(pointCount(panel.chart()), 10); // qty 1..10: a bin each

    // Aggregation: the count of rows per region, bars.
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Bar)));
    xBox->setCurrentIndex(xBox->findText(u"region"_s));
    aggregationBox->setCurrentIndex(aggregationBox->findData(int(core::ChartAggregation::Count)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);
    QCOMPARE(panel.shownChart().aggregation, core::ChartAggregation::Count);
    QVERIFY(panel.title().contains(u"Count"_s) || panel.title().contains(u"count"_s));

    panel.resetToSuggestion();
    QCOMPARE(panel.shownChart().kind, ChartKind::GroupedBar);
    QCOMPARE(kindBox->currentData().toInt(), int(ChartKind::GroupedBar));
}

void tst_ChartPanel::everyKindDrawsOrSaysWhy_data()
{
    QTest::addColumn<QString>("shape");
    QTest::newRow("category + number") << u"category + number"_s;
    QTest::newRow("time + number") << u"time + number"_s;
    QTest::newRow("mixed") << u"mixed"_s;
    QTest::newRow("raw orders") << u"raw orders"_s;
    QTest::newRow("one text column") << u"one text column"_s;
}

void tst_ChartPanel::everyKindDrawsOrSaysWhy()
{
    // Switching the kind with the combo box: a chart, or its reason in the chart's place.
    QFETCH(QString, shape);
    const auto model = makeModel(shape);
    ChartPanel panel;
    panel.setModel(model.get());
    auto *kindBox = panel.findChild<QComboBox *>(u"chartKind"_s);
    int drawn = 0;
    for (int i = 0; i < kindBox->count(); ++i) {
        kindBox->setCurrentIndex(i);
        const auto kind = ChartKind(kindBox->itemData(i).toInt());
        if (panel.shownChart().kind == ChartKind::None) {
            QVERIFY(panel.chart()->series().isEmpty());
            QVERIFY(panel.isPlaceholderShown());
            QVERIFY2(!panel.placeholderText().trimmed().isEmpty(),
                     qPrintable(kindBox->itemText(i)));
        } else {
            QCOMPARE(panel.shownChart().kind, kind);
            QVERIFY(!panel.isPlaceholderShown());
            QVERIFY2(pointCount(panel.chart()) > 0, qPrintable(kindBox->itemText(i)));
            ++drawn;
        }
    }
    if (shape != u"one text column"_s)
        QVERIFY2(drawn >= 3, qPrintable(QString::number(drawn)));
}

void tst_ChartPanel::wheelScrollsPastTheChoosers()
{
    // The panel inside a scroll area, as in the chat: the wheel over a chooser that has no
    // focus scrolls the area and leaves the chart as it is.
    const auto model = makeModel(u"mixed"_s);
    QScrollArea area;
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    auto *elsewhere = new QLineEdit; // where the focus is, as the question box in the chat
    layout->addWidget(elsewhere);
    auto *panel = new ChartPanel;
    panel->setMinimumHeight(400);
    panel->setModel(model.get());
    layout->addWidget(panel);
    layout->addSpacing(2000);
    area.setWidget(content);
    area.setWidgetResizable(true);
    area.resize(600, 400);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    elsewhere->setFocus();
    QTRY_VERIFY(elsewhere->hasFocus());
    const core::ChartSuggestion before = panel->shownChart();
    for (QComboBox *box : panel->choosers()) {
        QCOMPARE(box->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!box->hasFocus());
        const int index = box->currentIndex();
        const int scrolled = area.verticalScrollBar()->value();
        const QPoint at = box->rect().center();
        QWheelEvent wheel(at, box->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(box, &wheel);
        QCOMPARE(box->currentIndex(), index);
        QVERIFY2(area.verticalScrollBar()->value() > scrolled,
                 qPrintable(QString::number(area.verticalScrollBar()->value())));
        area.verticalScrollBar()->setValue(0);
    }
    QCOMPARE(panel->shownChart().kind, before.kind);
    QCOMPARE(panel->shownChart().valueColumns, before.valueColumns);
    // Focused, a chooser takes the wheel as usual.
    QComboBox *kind = panel->choosers().first();
    kind->setFocus();
    QTRY_VERIFY(kind->hasFocus());
    const int index = kind->currentIndex();
    const QPoint at = kind->rect().center();
    QWheelEvent wheel(at, kind->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(kind, &wheel);
    QVERIFY(kind->currentIndex() != index);
}

void tst_ChartPanel::keyboardAndAccessibility()
{
    const auto model = makeModel(u"mixed"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));

    const QList<QComboBox *> boxes = panel.findChildren<QComboBox *>();
    QCOMPARE(boxes.size(), 3);
    for (QComboBox *box : boxes) {
        QVERIFY(!box->accessibleName().isEmpty());
        QVERIFY(box->focusPolicy() & Qt::TabFocus);
    }
    QVERIFY(!panel.seriesButton()->accessibleName().isEmpty());
    auto *kindBox = panel.findChild<QComboBox *>(u"chartKind"_s);
    kindBox->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return kindBox->hasFocus(); }));
    QCOMPARE(kindBox->currentData().toInt(), int(ChartKind::GroupedBar));
    QTest::keyClick(kindBox, Qt::Key_Down); // → stacked bar: the same two series
    QCOMPARE(panel.shownChart().kind, ChartKind::StackedBar);
    QTest::keyClick(kindBox, Qt::Key_Down); // → line: qty becomes the x axis
    QCOMPARE(panel.shownChart().kind, ChartKind::Line);
    QTest::keyClick(kindBox, Qt::Key_Tab);
    QVERIFY(QTest::qWaitFor(
            [&] { return panel.findChild<QComboBox *>(u"chartXColumn"_s)->hasFocus(); }));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(QTest::qWaitFor([&] { return panel.seriesButton()->hasFocus(); }));
}

void tst_ChartPanel::modelChangesAreDebounced()
{
    const auto model = makeModel(u"category + number"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    QSignalSpy rebuilt(&panel, &ChartPanel::chartChanged);
    for (int i = 0; i < 40; ++i)
        appendRow(*model, {u"more %1"_s.arg(i), 5.0});
    QCOMPARE(rebuilt.size(), 0); // nothing before the debounce
    QTRY_COMPARE(rebuilt.size(), 1);
    QCOMPARE(pointCount(panel.chart()), 50);
    QTest::qWait(ChartPanel::refreshDelayMs * 2);
    QCOMPARE(rebuilt.size(), 1);

    // A reset to another shape is a new suggestion.
    model->clear();
    model->setHorizontalHeaderLabels({u"name"_s});
    appendRow(*model, {u"only text"_s});
    QTRY_COMPARE(rebuilt.size(), 2);
    QCOMPARE(panel.shownChart().kind, ChartKind::None);
    QVERIFY(panel.chart()->series().isEmpty());
}

void tst_ChartPanel::userChoiceSurvivesNewRows()
{
    const auto model = makeModel(u"mixed"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.setChart(ChartKind::Line, 1, {2});
    appendRow(*model, {u"late"_s, 0, 7.0, u"n"_s});
    panel.refresh();
    QCOMPARE(panel.shownChart().kind, ChartKind::Line);
    auto *line = qobject_cast<QLineSeries *>(panel.chart()->series().value(0));
    QVERIFY(line);
    QCOMPARE(line->count(), 11);
    QCOMPARE(line->at(0), QPointF(0, 7)); // the new row sorts first
}

void tst_ChartPanel::capIsNoted()
{
    const auto model = makeModel(u"two numbers"_s, 200);
    ChartPanel panel;
    panel.setPointCap(50);
    panel.setModel(model.get());
    QVERIFY(panel.isCapped());
    QCOMPARE(pointCount(panel.chart()), 50);
    QVERIFY2(panel.note().contains(u"50"_s) && panel.note().contains(u"200"_s),
             qPrintable(panel.note()));

    panel.setPointCap(ChartPanel::defaultPointCap);
    panel.refresh();
    QVERIFY(!panel.isCapped());
    QCOMPARE(pointCount(panel.chart()), 200);
}

void tst_ChartPanel::largeResult_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<ChartKind>("kind");

    // Twenty thousand labels cannot be read as bars: how the number is spread.
    QTest::newRow("histogram") << u"category + number"_s << ChartKind::Histogram;
    QTest::newRow("scatter") << u"two numbers"_s << ChartKind::Scatter;
}

void tst_ChartPanel::largeResult()
{
    QFETCH(QString, shape);
    QFETCH(ChartKind, kind);

    // More rows than the cap: the chart holds the first defaultPointCap, the note says so.
    const auto model = makeModel(shape, 20000);
    ChartPanel panel;
    QElapsedTimer clock;
    clock.start();
    panel.setModel(model.get());
    const qint64 elapsed = clock.elapsed();
    QCOMPARE(panel.shownChart().kind, kind);
    QVERIFY(panel.isCapped());
    if (kind == ChartKind::Scatter) {
        QCOMPARE(pointCount(panel.chart()), ChartPanel::defaultPointCap);
    } else {
        qreal total = 0;
        for (const std::optional<double> &count : panel.table().series.first().values)
            total += count.value_or(0);
        QCOMPARE(total, qreal(ChartPanel::defaultPointCap));
    }
    QVERIFY(panel.note().contains(QLocale().toString(20000)));
    qInfo("read %d of 20000 rows and drew a %s chart in %lld ms", ChartPanel::defaultPointCap,
          qPrintable(core::ChartSuggestion::kindName(kind)), elapsed);

    const QString path =
            m_dir.filePath(u"large %1.png"_s.arg(QString::fromUtf8(QTest::currentDataTag())));
    clock.restart();
    const core::Result<core::Done> written = panel.exportPng(path);
    QVERIFY(written.hasValue());
    qInfo("PNG export of %d points in %lld ms", ChartPanel::defaultPointCap, clock.elapsed());
}

void tst_ChartPanel::followsThePalette()
{
    const auto model = makeModel(u"category + number"_s);
    ChartPanel panel;
    panel.setModel(model.get());

    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 34));
    dark.setColor(QPalette::Window, QColor(40, 40, 44));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    panel.setPalette(dark);
    QCOMPARE(panel.chart()->backgroundBrush().color(), QColor(30, 30, 34));
    QCOMPARE(panel.chart()->theme(), QChart::ChartThemeDark);
    const QList<QAbstractAxis *> axes = panel.chart()->axes();
    QVERIFY(!axes.isEmpty());
    for (QAbstractAxis *axis : axes)
        QCOMPARE(axis->labelsColor(), QColor(230, 230, 230));
    // The export is dark too.
    const QString path = m_dir.filePath(u"dark.png"_s);
    QVERIFY(panel.exportPng(path).hasValue());
    const QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.pixelColor(4, 4), QColor(30, 30, 34));

    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    panel.setPalette(light);
    QCOMPARE(panel.chart()->theme(), QChart::ChartThemeLight);
    QCOMPARE(panel.chart()->backgroundBrush().color(), QColor(Qt::white));
    // A rebuild keeps the palette's colours.
    panel.setChart(ChartKind::Pie, 0, {1});
    for (QAbstractSeries *series : panel.chart()->series()) {
        const auto *pie = qobject_cast<QPieSeries *>(series);
        QVERIFY(pie);
        QCOMPARE(pie->slices().first()->labelColor(), QColor(Qt::black));
    }
}

void tst_ChartPanel::exports_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<bool>("shown");

    for (const QString &format : {u"png"_s, u"svg"_s, u"pdf"_s}) {
        QTest::addRow("%s bar on screen", qPrintable(format))
                << format << u"category + number"_s << true;
        QTest::addRow("%s line off screen", qPrintable(format))
                << format << u"time + number"_s << false;
        QTest::addRow("%s pie on screen", qPrintable(format))
                << format << u"few categories"_s << true;
    }
}

void tst_ChartPanel::exports()
{
    QFETCH(QString, format);
    QFETCH(QString, shape);
    QFETCH(bool, shown);

    const auto model = makeModel(shape);
    ChartPanel panel;
    panel.setModel(model.get());
    if (shown) {
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
    }
    const QSize size = panel.exportSize();
    if (!shown)
        QCOMPARE(size, QSize(800, 500));
    QVERIFY(size.width() >= 400 && size.height() >= 300);

    const QString path = m_dir.filePath(
            u"chart %1.%2"_s.arg(QString::fromUtf8(QTest::currentDataTag()), format));
    const core::Result<core::Done> written = format == u"png"_s ? panel.exportPng(path)
            : format == u"svg"_s                                ? panel.exportSvg(path)
                                                                : panel.exportPdf(path);
    QVERIFY2(written.hasValue(), written.hasValue() ? "" : qPrintable(written.error().message));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (format == u"png"_s) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), size * 2); // device pixel ratio 2
        QSet<QRgb> colours;
        for (int y = 0; y < image.height() && colours.size() < 16; y += 7) {
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() >= 3, "the image is (nearly) all one colour");
    } else if (format == u"svg"_s) {
        QXmlStreamReader xml(bytes);
        QString root;
        int drawing = 0;
        int texts = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (root.isEmpty())
                root = xml.name().toString();
            const auto name = xml.name();
            if (name == u"path"_s || name == u"rect"_s || name == u"polyline"_s || name == u"line"_s
                || name == u"ellipse"_s || name == u"circle"_s) {
                ++drawing;
            }
            if (name == u"text"_s)
                ++texts;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, u"svg"_s);
        QVERIFY2(drawing >= 5, qPrintable(u"%1 drawing elements"_s.arg(drawing)));
        QVERIFY2(texts >= 3, qPrintable(u"%1 text elements"_s.arg(texts)));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        QVERIFY2(bytes.size() > 4 * 1024, qPrintable(QString::number(bytes.size())));
    }
    qInfo("%s: %lld bytes", qPrintable(format), qlonglong(bytes.size()));
}

void tst_ChartPanel::exportFailures_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("relativePath");
    QTest::addColumn<QString>("code");

    QTest::newRow("missing folder")
            << u"category + number"_s << u"no such folder/chart.out"_s << u"write_failed"_s;
    QTest::newRow("a folder, not a file") << u"category + number"_s << u"."_s << u"write_failed"_s;
    QTest::newRow("empty path") << u"category + number"_s << QString() << u"invalid_path"_s;
    QTest::newRow("nothing to draw") << u"one text column"_s << u"text.out"_s << u"no_chart"_s;
}

void tst_ChartPanel::exportFailures()
{
    QFETCH(QString, shape);
    QFETCH(QString, relativePath);
    QFETCH(QString, code);

    const auto model = makeModel(shape);
    ChartPanel panel;
    panel.setModel(model.get());
    const QString path = relativePath.isEmpty() ? QString() : m_dir.filePath(relativePath);
    const QList<core::Result<core::Done>> results = {panel.exportPng(path), panel.exportSvg(path),
                                                     panel.exportPdf(path)};
    for (const core::Result<core::Done> &result : results) {
        QVERIFY(!result.hasValue());
        QCOMPARE(result.error().code, code);
        QVERIFY(!result.error().message.isEmpty());
        if (code == u"write_failed"_s) {
            QVERIFY2(result.error().message.contains(QDir::toNativeSeparators(path)),
                     qPrintable(result.error().message));
        }
    }
    QVERIFY(!QFile::exists(m_dir.filePath(u"no such folder"_s)));
}

void tst_ChartPanel::exportFromTheMenu()
{
    const auto model = makeModel(u"category + number"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    auto *button = panel.findChild<QToolButton *>(u"chartExport"_s);
    QVERIFY(button && button->menu());
    QList<QAction *> formats;
    QMenu *sizes = nullptr;
    for (QAction *action : button->menu()->actions()) {
        if (action->menu())
            sizes = action->menu();
        else if (!action->isSeparator())
            formats.append(action);
    }
    QCOMPARE(formats.size(), 3);
    QVERIFY(sizes);
    // The size chosen in the menu is the size of the file.
    QAction *large = nullptr;
    for (QAction *action : sizes->actions()) {
        if (action->data().toSize() == QSize(1200, 750))
            large = action;
    }
    QVERIFY(large);
    large->trigger();
    QCOMPARE(panel.exportSize(), QSize(1200, 750));

    formats.at(0)->trigger(); // PNG
    QFileDialog *dialog = nullptr;
    QVERIFY(QTest::qWaitFor([&] { return (dialog = panel.findChild<QFileDialog *>()); }));
    QCOMPARE(dialog->acceptMode(), QFileDialog::AcceptSave);
    // The name suggested comes from the title.
    QVERIFY2(dialog->selectedFiles().value(0).contains(u"revenue-by-region"_s, Qt::CaseInsensitive),
             qPrintable(dialog->selectedFiles().value(0)));
    const QString path = m_dir.filePath(u"from the menu.png"_s);
    dialog->selectFile(path);
    static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
    QVERIFY(QFile::exists(path));
    QCOMPARE(QImage(path).size(), QSize(2400, 1500)); // device pixel ratio 2
    QVERIFY2(panel.note().contains(QDir::toNativeSeparators(path)), qPrintable(panel.note()));
    panel.setExportSize({});
    QCOMPARE(panel.exportSize(),
             panel.chart()->size().toSize().isEmpty() ? QSize(800, 500) : panel.exportSize());
}

void tst_ChartPanel::integersPrintWithoutDecimals()
{
    // Counts: "35", never "35.0", on the axis, on the bars, on the slices and in the tooltip.
    auto model = std::make_unique<QStandardItemModel>();
    model->setHorizontalHeaderLabels({u"status"_s, u"orders"_s});
    appendRow(*model, {u"paid"_s, 35LL});
    appendRow(*model, {u"open"_s, 3LL});
    appendRow(*model, {u"refunded"_s, 1LL});
    ChartPanel panel;
    panel.setModel(model.get());
    panel.setSource({QString(), u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY 1"_s});
    panel.refresh();
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    auto *pie = qobject_cast<QPieSeries *>(panel.chart()->series().value(0));
    QVERIFY(pie);
    QVERIFY2(pie->slices().first()->label().startsWith(u"paid: 35 ("_s),
             qPrintable(pie->slices().first()->label()));
    for (QPieSlice *slice : pie->slices())
        QVERIFY2(!slice->label().contains(u".0 "_s), qPrintable(slice->label()));
    Q_EMIT pie->hovered(pie->slices().first(), true);
    QVERIFY2(panel.hoverText().startsWith(u"paid\n35 ("_s), qPrintable(panel.hoverText()));

    panel.setChart(ChartKind::Bar, 0, {1});
    auto *valueAxis = qobject_cast<QValueAxis *>(panel.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(valueAxis);
    QCOMPARE(valueAxis->labelFormat(), u"%.0f"_s);
    QCOMPARE(valueAxis->tickType(), QValueAxis::TicksDynamic);
    QCOMPARE(valueAxis->tickInterval(), std::round(valueAxis->tickInterval())); // whole ticks
    QVERIFY(valueAxis->tickInterval() >= 1);
    QVERIFY(valueAxis->max() >= 35);
    auto *bars = qobject_cast<QBarSeries *>(panel.chart()->series().value(0));
    QVERIFY(bars && bars->isLabelsVisible());
    QCOMPARE(bars->labelsFormat(), u"@value"_s);
    Q_EMIT bars->hovered(true, 0, bars->barSets().first());
    QCOMPARE(panel.hoverText(), u"paid\norders: 35"_s);
    Q_EMIT bars->hovered(false, 0, bars->barSets().first());
    QVERIFY(panel.hoverText().isEmpty());

    // The same values as doubles (an average that happens to be whole) print alike.
    auto doubles = std::make_unique<QStandardItemModel>();
    doubles->setHorizontalHeaderLabels({u"status"_s, u"orders"_s});
    appendRow(*doubles, {u"paid"_s, 35.0});
    appendRow(*doubles, {u"open"_s, 3.5});
    panel.setModel(doubles.get());
    panel.setChart(ChartKind::Bar, 0, {1});
    bars = qobject_cast<QBarSeries *>(panel.chart()->series().value(0));
    Q_EMIT bars->hovered(true, 1, bars->barSets().first());
    QCOMPARE(panel.hoverText(), u"open\norders: %1"_s.arg(QLocale().toString(3.5)));
}

void tst_ChartPanel::longLabelsFit()
{
    // Twelve long names: bars across, names on the left, cut in the middle, tooltip in full.
    const auto model = makeModel(u"long labels"_s, 12);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.resize(700, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);
    auto *across = qobject_cast<QHorizontalBarSeries *>(panel.chart()->series().value(0));
    QVERIFY(across);
    auto *axis = qobject_cast<QBarCategoryAxis *>(panel.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    const QStringList categories = axis->categories();
    QCOMPARE(categories.size(), 12);
    for (const QString &label : categories) {
        // Cut in the middle: the end that tells them apart stays.
        QVERIFY2(label.size() <= ui::ChartDrawing::maxLabelLength, qPrintable(label));
        QVERIFY2(label.contains(u'\u2026') && label.startsWith(u"Extra"_s), qPrintable(label));
    }
    QCOMPARE(QSet<QString>(categories.cbegin(), categories.cend()).size(), 12); // still apart
    // The first row on top: the axis runs from the last row up.
    QVERIFY2(categories.last().endsWith(u"model 0"_s), qPrintable(categories.last()));
    QCOMPARE(across->barSets().first()->at(11), 10.0);
    // The tooltip has the full text.
    Q_EMIT across->hovered(true, 11 - 3, across->barSets().first());
    QCOMPARE(panel.hoverText(),
             u"Extra large insulated stainless steel bottle, model 3\nsold: 13"_s);
    QCOMPARE(panel.findChild<QChartView *>(u"chartView"_s)->toolTip(), panel.hoverText());

    // Forty of them stand, turned.
    const auto many = makeModel(u"long labels"_s, 40);
    panel.setModel(many.get());
    QVERIFY(qobject_cast<QBarSeries *>(panel.chart()->series().value(0)));
    axis = qobject_cast<QBarCategoryAxis *>(panel.chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(axis);
    QVERIFY2(axis->labelsAngle() != 0, qPrintable(QString::number(axis->labelsAngle())));
    auto *bars = qobject_cast<QBarSeries *>(panel.chart()->series().value(0));
    Q_EMIT bars->hovered(true, 3, bars->barSets().first());
    QCOMPARE(panel.hoverText(),
             u"Extra large insulated stainless steel bottle, model 3\nsold: 13"_s);

    // Wide enough, short labels stand level.
    const auto shortModel = makeModel(u"few categories"_s);
    panel.setModel(shortModel.get());
    panel.resize(900, 420);
    panel.refresh();
    axis = qobject_cast<QBarCategoryAxis *>(panel.chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(axis);
    QCOMPARE(axis->labelsAngle(), 0);
}

void tst_ChartPanel::titleFromTheSource()
{
    const auto model = makeModel(u"few categories"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    QCOMPARE(panel.title(), u"Orders by status"_s); // from the columns
    panel.setSource({u"How many orders are in each status?"_s,
                     u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status"_s});
    panel.refresh();
    QCOMPARE(panel.title(), u"How many orders are in each status?"_s);
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    // A new statement drops the choice made for the last one.
    panel.setChart(ChartKind::Bar, 0, {1});
    panel.setSource({QString(), u"SELECT status, SUM(total) AS orders FROM o GROUP BY 1"_s});
    panel.refresh();
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QCOMPARE(panel.title(), u"Share of orders by status"_s);
}

void tst_ChartPanel::exportsCarryLegendAndLabels_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QStringList>("turnedTexts"); // pdftotext does not read turned text back

    QTest::newRow("pie at 800 × 500") << u"few categories"_s << ChartKind::Pie << QSize(800, 500)
                                      << QStringList{u"paid"_s,
                                                     u"open"_s,
                                                     u"refunded"_s,
                                                     u"paid: 12 (75%)"_s,
                                                     u"refunded: 1 (6.3%)"_s,
                                                     u"Share of orders by status"_s}
                                      << QStringList();
    QTest::newRow("pie at 1920 × 1080")
            << u"few categories"_s << ChartKind::Pie << QSize(1920, 1080)
            << QStringList{u"paid"_s, u"open"_s, u"paid: 12 (75%)"_s, u"open: 3 (18.8%)"_s}
            << QStringList();
    QTest::newRow("grouped bars at 1200 × 750")
            << u"mixed"_s << ChartKind::GroupedBar << QSize(1200, 750)
            << QStringList{u"qty"_s, u"revenue"_s, u"north"_s, u"islands"_s, u"region"_s}
            << QStringList();
    QTest::newRow("line at 640 × 400") << u"time + number"_s << ChartKind::Line << QSize(640, 400)
                                       << QStringList{u"day"_s, u"orders"_s, u"Orders by day"_s}
                                       << QStringList{u"2024-07-01"_s, u"2024-07-06"_s};
}

void tst_ChartPanel::exportsCarryLegendAndLabels()
{
    QFETCH(QString, shape);
    QFETCH(ChartKind, kind);
    QFETCH(QSize, size);
    QFETCH(QStringList, texts);
    QFETCH(QStringList, turnedTexts);

    const auto model = makeModel(shape);
    ChartPanel panel;
    panel.setModel(model.get());
    if (kind == ChartKind::Pie)
        panel.setChart(ChartKind::Pie, 0, {1});
    QCOMPARE(panel.shownChart().kind, kind);
    // On screen at another size than the export: the export is drawn at its own size.
    panel.resize(500, 320);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    const QString base = m_dir.filePath(QString::fromUtf8(QTest::currentDataTag()));
    QVERIFY(panel.exportSvg(base + u".svg"_s, size).hasValue());
    QVERIFY(panel.exportPdf(base + u".pdf"_s, size).hasValue());
    QVERIFY(panel.exportPng(base + u".png"_s, size).hasValue());

    QFile svg(base + u".svg"_s);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgBytes = svg.readAll();
    QVERIFY(svgBytes.contains("viewBox=\"0 0 " + QByteArray::number(size.width()) + ' '
                              + QByteArray::number(size.height()) + '"'));
    const QStringList svgTexts = textsOfSvg(svgBytes);
    for (const QString &text : texts + turnedTexts)
        QVERIFY2(svgTexts.contains(text),
                 qPrintable(text + u" not in "_s + svgTexts.join(u" | "_s)));
    QCOMPARE(QImage(base + u".png"_s).size(), size * 2);

    QFile pdf(base + u".pdf"_s);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.readAll().startsWith("%PDF-"));
    const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
    if (pdftotext.isEmpty()) {
        qInfo("pdftotext is not installed: the PDF's text is not read back");
        return;
    }
    QProcess process;
    process.start(pdftotext, {base + u".pdf"_s, u"-"_s});
    QVERIFY(process.waitForFinished(60000));
    const QString pdfText = QString::fromUtf8(process.readAllStandardOutput());
    for (const QString &text : texts)
        QVERIFY2(pdfText.contains(text), qPrintable(text + u" not in "_s + pdfText));
}

void tst_ChartPanel::pieLabelsAreNotClipped()
{
    // The labels outside the pie stay inside the chart, on screen and in an export.
    const auto model = makeModel(u"few categories"_s);
    ChartPanel panel;
    panel.setModel(model.get());
    panel.setChart(ChartKind::Pie, 0, {1});
    panel.resize(520, 300);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *pie = qobject_cast<QPieSeries *>(panel.chart()->series().value(0));
    QVERIFY(pie);
    QVERIFY(pie->pieSize() <= 0.6);
    for (QPieSlice *slice : pie->slices()) {
        QVERIFY(slice->isLabelVisible());
        QCOMPARE(slice->labelPosition(), QPieSlice::LabelOutside);
    }
    const QString path = m_dir.filePath(u"small pie.svg"_s);
    QVERIFY(panel.exportSvg(path, QSize(520, 300)).hasValue());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList texts = textsOfSvg(file.readAll());
    for (QPieSlice *slice : pie->slices())
        QVERIFY2(texts.contains(slice->label()), qPrintable(slice->label()));
}

QTEST_MAIN(tst_ChartPanel)
#include "tst_chartpanel.moc"

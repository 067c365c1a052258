#include "ui/chartpanel.h"

#include <QBarSeries>
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
            appendRow(*model, {regions.at(i % regions.size()), 100.0 + 10 * i});
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

int pointCount(QChart *chart)
{
    int count = 0;
    const QList<QAbstractSeries *> series = chart->series();
    for (QAbstractSeries *one : series) {
        if (auto *xy = qobject_cast<QXYSeries *>(one))
            count += int(xy->count());
        else if (auto *pie = qobject_cast<QPieSeries *>(one))
            count += int(pie->count());
        else if (auto *bars = qobject_cast<QBarSeries *>(one))
            count += bars->barSets().isEmpty() ? 0 : int(bars->barSets().first()->count());
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
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<QString>("seriesClass");
    QTest::addColumn<int>("points");

    QTest::newRow("category + number")
            << u"category + number"_s << ChartKind::Bar << u"QBarSeries"_s << 10;
    QTest::newRow("time + number")
            << u"time + number"_s << ChartKind::Line << u"QLineSeries"_s << 6;
    QTest::newRow("two numbers") << u"two numbers"_s << ChartKind::Scatter << u"QScatterSeries"_s
                                 << 10;
    QTest::newRow("few categories")
            << u"few categories"_s << ChartKind::Pie << u"QPieSeries"_s << 3;
    QTest::newRow("one text column") << u"one text column"_s << ChartKind::None << QString() << 0;
}

void tst_ChartPanel::suggestion()
{
    QFETCH(QString, shape);
    QFETCH(ChartKind, kind);
    QFETCH(QString, seriesClass);
    QFETCH(int, points);

    const auto model = makeModel(shape);
    ChartPanel panel;
    panel.setModel(model.get());
    QCOMPARE(panel.suggestion().kind, kind);
    QCOMPARE(panel.shownChart().kind, kind);
    QVERIFY(!panel.note().isEmpty());
    QCOMPARE(panel.note().split(u'\n').first(), panel.suggestion().reason);

    const QList<QAbstractSeries *> series = panel.chart()->series();
    if (kind == ChartKind::None) {
        QVERIFY(series.isEmpty());
        return;
    }
    QCOMPARE(series.size(), 1);
    QCOMPARE(QString::fromLatin1(series.first()->metaObject()->className()), seriesClass);
    QCOMPARE(pointCount(panel.chart()), points);
    if (kind == ChartKind::Bar) {
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
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);
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

    // A choice that cannot be drawn says why and draws nothing.
    shown = panel.setChart(ChartKind::Line, 0, {2});
    QCOMPARE(shown.kind, ChartKind::None);
    QVERIFY(panel.chart()->series().isEmpty());
    QVERIFY2(panel.note().contains(u"region"_s), qPrintable(panel.note()));

    // With the combo boxes: pie of revenue by region.
    auto *kindBox = panel.findChild<QComboBox *>(u"chartKind"_s);
    auto *xBox = panel.findChild<QComboBox *>(u"chartXColumn"_s);
    auto *valueBox = panel.findChild<QComboBox *>(u"chartValueColumn"_s);
    QVERIFY(kindBox && xBox && valueBox);
    QCOMPARE(xBox->count(), 4);
    QCOMPARE(valueBox->count(), 3); // all numeric, qty, revenue
    xBox->setCurrentIndex(xBox->findText(u"region"_s));
    valueBox->setCurrentIndex(valueBox->findText(u"revenue"_s));
    kindBox->setCurrentIndex(kindBox->findData(int(ChartKind::Pie)));
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QCOMPARE(panel.shownChart().categoryOrXColumn, 0);
    QCOMPARE(panel.shownChart().valueColumns, QList<int>{2});
    auto *pie = qobject_cast<QPieSeries *>(panel.chart()->series().value(0));
    QVERIFY(pie);
    QCOMPARE(pie->count(), 10);
    QCOMPARE(pie->sum(), 955.0);

    panel.resetToSuggestion();
    QCOMPARE(panel.shownChart().kind, ChartKind::Bar);
    QCOMPARE(kindBox->currentData().toInt(), int(ChartKind::Bar));
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
    const auto model = makeModel(u"category + number"_s);
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
    auto *kindBox = panel.findChild<QComboBox *>(u"chartKind"_s);
    kindBox->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return kindBox->hasFocus(); }));
    QCOMPARE(kindBox->currentData().toInt(), int(ChartKind::Bar));
    QTest::keyClick(kindBox, Qt::Key_Down); // Bar → Line: a category cannot be an x axis
    QCOMPARE(panel.shownChart().kind, ChartKind::None);
    QTest::keyClick(kindBox, Qt::Key_Down); // → Pie: ten slices, all positive
    QCOMPARE(panel.shownChart().kind, ChartKind::Pie);
    QTest::keyClick(kindBox, Qt::Key_Tab);
    QVERIFY(QTest::qWaitFor(
            [&] { return panel.findChild<QComboBox *>(u"chartXColumn"_s)->hasFocus(); }));
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

    QTest::newRow("bar") << u"category + number"_s << ChartKind::Bar;
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
    QCOMPARE(pointCount(panel.chart()), ChartPanel::defaultPointCap);
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
    const QList<QAction *> actions = button->menu()->actions();
    QCOMPARE(actions.size(), 3);
    actions.at(1)->trigger(); // SVG
    QFileDialog *dialog = nullptr;
    QVERIFY(QTest::qWaitFor([&] { return (dialog = panel.findChild<QFileDialog *>()); }));
    QCOMPARE(dialog->acceptMode(), QFileDialog::AcceptSave);
    const QString path = m_dir.filePath(u"from the menu.svg"_s);
    dialog->selectFile(path);
    static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
    QVERIFY(QFile::exists(path));
    QVERIFY2(panel.note().contains(QDir::toNativeSeparators(path)), qPrintable(panel.note()));
}

QTEST_MAIN(tst_ChartPanel)
#include "tst_chartpanel.moc"

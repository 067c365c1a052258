#include "ui/chartpanel.h"

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QWheelEvent>
#include <QDateTimeAxis>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QPdfWriter>
#include <QPieSeries>
#include <QPieSlice>
#include <QSaveFile>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QThread>
#include <QToolButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Labels stop being readable long before the point cap.
constexpr int maxReadableCategoryLabels = 60;
constexpr QSize offscreenExportSize(800, 500);
constexpr int allNumericColumns = -1;

QList<int> numericColumns(const QList<core::ChartColumn> &columns, const QList<QVariantList> &rows,
                          int except)
{
    QList<int> numbers;
    const QList<core::ColumnRole> roles = core::ChartSuggestion::rolesOf(columns, rows);
    for (int i = 0; i < roles.size(); ++i) {
        if (roles.at(i) == core::ColumnRole::Number && i != except)
            numbers.append(i);
    }
    return numbers;
}

} // namespace

ChartPanel::ChartPanel(QWidget *parent) : QWidget(parent)
{
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(refreshDelayMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &ChartPanel::refresh);

    m_kindBox = new QComboBox(this);
    m_kindBox->setObjectName(u"chartKind"_s);
    m_kindBox->setAccessibleName(tr("Chart type"));
    for (core::ChartKind kind : {core::ChartKind::Bar, core::ChartKind::Line, core::ChartKind::Pie,
                                 core::ChartKind::Scatter, core::ChartKind::None}) {
        m_kindBox->addItem(core::ChartSuggestion::kindName(kind), int(kind));
    }
    m_xBox = new QComboBox(this);
    m_xBox->setObjectName(u"chartXColumn"_s);
    m_xBox->setAccessibleName(tr("Category or x-axis column"));
    m_valueBox = new QComboBox(this);
    m_valueBox->setObjectName(u"chartValueColumn"_s);
    m_valueBox->setAccessibleName(tr("Value column"));

    auto *kindLabel = new QLabel(tr("C&hart:"), this);
    kindLabel->setBuddy(m_kindBox);
    auto *xLabel = new QLabel(tr("&By:"), this);
    xLabel->setBuddy(m_xBox);
    auto *valueLabel = new QLabel(tr("&Values:"), this);
    valueLabel->setBuddy(m_valueBox);

    m_exportButton = new QToolButton(this);
    m_exportButton->setObjectName(u"chartExport"_s);
    m_exportButton->setText(tr("&Export"));
    m_exportButton->setAccessibleName(tr("Export the chart"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(m_exportButton);
    connect(exportMenu->addAction(tr("As PNG Image…")), &QAction::triggered, this,
            [this] { exportInteractively(Format::Png); });
    connect(exportMenu->addAction(tr("As SVG Drawing…")), &QAction::triggered, this,
            [this] { exportInteractively(Format::Svg); });
    connect(exportMenu->addAction(tr("As PDF Document…")), &QAction::triggered, this,
            [this] { exportInteractively(Format::Pdf); });
    m_exportButton->setMenu(exportMenu);

    // The view owns the chart; the chart owns its series and axes (STYLE.md rule 10).
    m_chart = new QChart;
    m_chart->setBackgroundRoundness(0);
    m_chart->setAnimationOptions(QChart::NoAnimation); // exports never catch a half-drawn frame
    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(u"chartView"_s);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setAccessibleName(tr("Chart"));

    m_note = new QLabel(this);
    m_note->setObjectName(u"chartNote"_s);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *controls = new QHBoxLayout;
    controls->addWidget(kindLabel);
    controls->addWidget(m_kindBox);
    controls->addSpacing(12);
    controls->addWidget(xLabel);
    controls->addWidget(m_xBox, 1);
    controls->addSpacing(12);
    controls->addWidget(valueLabel);
    controls->addWidget(m_valueBox, 1);
    controls->addSpacing(12);
    controls->addWidget(m_exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
    setTabOrder(m_kindBox, m_xBox);
    setTabOrder(m_xBox, m_valueBox);
    setTabOrder(m_valueBox, m_exportButton);

    for (QComboBox *box : {m_kindBox, m_xBox, m_valueBox}) {
        connect(box, &QComboBox::currentIndexChanged, this, &ChartPanel::onControlChanged);
        // Focus by a click or Tab, never by the wheel passing over it.
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }
    refresh();
}

ChartPanel::~ChartPanel() = default;

bool ChartPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *box = qobject_cast<QComboBox *>(watched);
        if (box && !box->hasFocus()) {
            // Up the parents until one takes it (the chat's scroll area), as an unhandled wheel
            // travels; done here because Qt does not carry a wheel event it did not make.
            const auto *wheel = static_cast<QWheelEvent *>(event);
            for (QWidget *w = box->parentWidget(); w; w = w->parentWidget()) {
                QWheelEvent copy(w->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
                                 wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(),
                                 wheel->modifiers(), wheel->phase(), wheel->inverted(),
                                 wheel->source());
                copy.ignore();
                QCoreApplication::sendEvent(w, &copy);
                if (copy.isAccepted() || w->isWindow())
                    break;
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ChartPanel::setModel(QAbstractItemModel *model)
{
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_userChoice = false;
    if (m_model) {
        const auto later = [this] { m_refreshTimer.start(); };
        connect(m_model, &QAbstractItemModel::modelReset, this, later);
        connect(m_model, &QAbstractItemModel::layoutChanged, this, later);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, later);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, later);
        connect(m_model, &QAbstractItemModel::columnsInserted, this, later);
        connect(m_model, &QAbstractItemModel::columnsRemoved, this, later);
        connect(m_model, &QAbstractItemModel::dataChanged, this, later);
        connect(m_model, &QAbstractItemModel::headerDataChanged, this, later);
        connect(m_model, &QObject::destroyed, this, later);
    }
    refresh();
}

QAbstractItemModel *ChartPanel::model() const
{
    return m_model;
}

void ChartPanel::setValueRole(int role)
{
    m_valueRole = role;
    m_refreshTimer.start();
}

int ChartPanel::valueRole() const
{
    return m_valueRole;
}

void ChartPanel::setPointCap(int rows)
{
    m_pointCap = std::max(1, rows);
    m_refreshTimer.start();
}

int ChartPanel::pointCap() const
{
    return m_pointCap;
}

core::ChartSuggestion ChartPanel::suggestion() const
{
    return m_suggestion;
}

core::ChartSuggestion ChartPanel::shownChart() const
{
    return m_shown;
}

bool ChartPanel::isCapped() const
{
    return m_totalRows > m_rows.size();
}

QString ChartPanel::note() const
{
    return m_note->text();
}

QChart *ChartPanel::chart() const
{
    return m_chart;
}

core::ChartSuggestion ChartPanel::setChart(core::ChartKind kind, int categoryOrXColumn,
                                           const QList<int> &valueColumns)
{
    m_userChoice = true;
    m_choiceKind = kind;
    m_choiceX = categoryOrXColumn;
    m_choiceValues = valueColumns;
    m_choiceColumns.clear();
    for (const core::ChartColumn &column : std::as_const(m_columns))
        m_choiceColumns.append(column.name);
    m_shown =
            core::ChartSuggestion::check(kind, categoryOrXColumn, valueColumns, m_columns, m_rows);
    rebuildControls();
    rebuildChart();
    return m_shown;
}

void ChartPanel::resetToSuggestion()
{
    m_userChoice = false;
    m_shown = m_suggestion;
    rebuildControls();
    rebuildChart();
}

void ChartPanel::refresh()
{
    m_refreshTimer.stop();
    readModel();
    m_suggestion = core::ChartSuggestion::suggest(m_columns, m_rows);

    QStringList names;
    for (const core::ChartColumn &column : std::as_const(m_columns))
        names.append(column.name);
    // A person's choice survives new rows, not a different set of columns.
    if (m_userChoice && names == m_choiceColumns) {
        m_shown = core::ChartSuggestion::check(m_choiceKind, m_choiceX, m_choiceValues, m_columns,
                                               m_rows);
    } else {
        m_userChoice = false;
        m_shown = m_suggestion;
    }
    rebuildControls();
    rebuildChart();
}

void ChartPanel::readModel()
{
    m_columns.clear();
    m_rows.clear();
    m_displayRows.clear();
    m_totalRows = 0;
    m_moreToFetch = false;
    if (!m_model)
        return;

    const int columnCount = m_model->columnCount();
    for (int column = 0; column < columnCount; ++column) {
        QString name = m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
        if (name.isEmpty())
            name = tr("Column %1").arg(column + 1);
        // Types come from the values: a view knows no more than the model tells it.
        m_columns.append({name, QMetaType()});
    }
    m_totalRows = m_model->rowCount();
    m_moreToFetch = m_model->canFetchMore({});
    const int rowCount = std::min(m_totalRows, m_pointCap);
    m_rows.reserve(rowCount);
    m_displayRows.reserve(rowCount);
    for (int row = 0; row < rowCount; ++row) {
        QVariantList values;
        QStringList texts;
        values.reserve(columnCount);
        texts.reserve(columnCount);
        for (int column = 0; column < columnCount; ++column) {
            const QModelIndex index = m_model->index(row, column);
            values.append(index.data(m_valueRole));
            texts.append(index.data(Qt::DisplayRole).toString());
        }
        m_rows.append(std::move(values));
        m_displayRows.append(std::move(texts));
    }
}

void ChartPanel::rebuildControls()
{
    m_updatingControls = true;
    const core::ChartKind kind = m_userChoice ? m_choiceKind : m_shown.kind;
    const int x = m_userChoice ? m_choiceX : m_shown.categoryOrXColumn;
    const QList<int> values = m_userChoice ? m_choiceValues : m_shown.valueColumns;

    m_kindBox->setCurrentIndex(std::max(0, m_kindBox->findData(int(kind))));

    m_xBox->clear();
    for (int column = 0; column < m_columns.size(); ++column)
        m_xBox->addItem(m_columns.at(column).name, column);
    m_xBox->setCurrentIndex(x >= 0 ? m_xBox->findData(x) : (m_columns.isEmpty() ? -1 : 0));

    m_valueBox->clear();
    const QList<int> numbers = numericColumns(m_columns, m_rows, -1);
    if (numbers.size() > 1)
        m_valueBox->addItem(tr("All numeric columns"), allNumericColumns);
    for (int column : numbers)
        m_valueBox->addItem(m_columns.at(column).name, column);
    if (values.size() == 1)
        m_valueBox->setCurrentIndex(m_valueBox->findData(values.first()));
    else
        m_valueBox->setCurrentIndex(m_valueBox->count() > 0 ? 0 : -1);

    const bool hasColumns = !m_columns.isEmpty();
    m_kindBox->setEnabled(hasColumns);
    m_xBox->setEnabled(hasColumns);
    m_valueBox->setEnabled(!numbers.isEmpty());
    m_updatingControls = false;
}

void ChartPanel::onControlChanged()
{
    if (m_updatingControls)
        return;
    const auto kind = core::ChartKind(m_kindBox->currentData().toInt());
    const int x = m_xBox->currentIndex() >= 0 ? m_xBox->currentData().toInt() : -1;
    QList<int> values;
    if (m_valueBox->currentIndex() >= 0) {
        const int value = m_valueBox->currentData().toInt();
        if (value == allNumericColumns)
            values = numericColumns(m_columns, m_rows, x).mid(0, 5);
        else
            values = {value};
    }
    setChart(kind, x, values);
}

void ChartPanel::rebuildChart()
{
    m_chart->removeAllSeries();
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }

    const int x = m_shown.categoryOrXColumn;
    const auto display = [this](int row, int column) {
        const QString text = column < m_displayRows.at(row).size()
                ? m_displayRows.at(row).at(column)
                : QString();
        return text.isEmpty() ? tr("(empty)") : text;
    };
    const auto value = [this](int row, int column) -> std::optional<double> {
        const QVariantList &values = m_rows.at(row);
        return column < values.size() ? core::ChartSuggestion::numberValue(values.at(column))
                                      : std::nullopt;
    };

    switch (m_shown.kind) {
    case core::ChartKind::None:
        break;
    case core::ChartKind::Bar: {
        // A category axis drops repeated labels; number the repeats so each bar keeps its own.
        QStringList categories;
        QHash<QString, int> seen;
        for (int row = 0; row < m_rows.size(); ++row) {
            const QString label = display(row, x);
            const int count = ++seen[label];
            categories.append(count == 1 ? label : tr("%1 (%2)").arg(label).arg(count));
        }
        auto *series = new QBarSeries;
        for (int column : std::as_const(m_shown.valueColumns)) {
            auto *set = new QBarSet(m_columns.at(column).name);
            QList<qreal> numbers;
            numbers.reserve(m_rows.size());
            for (int row = 0; row < m_rows.size(); ++row)
                numbers.append(value(row, column).value_or(0.0));
            set->append(numbers);
            series->append(set);
        }
        m_chart->addSeries(series);
        auto *categoryAxis = new QBarCategoryAxis;
        categoryAxis->append(categories);
        categoryAxis->setTitleText(m_columns.at(x).name);
        categoryAxis->setLabelsVisible(categories.size() <= maxReadableCategoryLabels);
        categoryAxis->setLabelsAngle(categories.size() > 12 ? -45 : 0);
        auto *valueAxis = new QValueAxis;
        m_chart->addAxis(categoryAxis, Qt::AlignBottom);
        m_chart->addAxis(valueAxis, Qt::AlignLeft);
        series->attachAxis(categoryAxis);
        series->attachAxis(valueAxis);
        break;
    }
    case core::ChartKind::Line:
    case core::ChartKind::Scatter: {
        const bool line = m_shown.kind == core::ChartKind::Line;
        const bool overTime =
                core::ChartSuggestion::roleOf(m_columns.at(x), m_rows, x) == core::ColumnRole::Time;
        bool timeOfDay = false;
        double firstX = std::numeric_limits<double>::max();
        double lastX = std::numeric_limits<double>::lowest();
        QList<QXYSeries *> seriesList;
        for (int column : std::as_const(m_shown.valueColumns)) {
            QList<QPointF> points;
            points.reserve(m_rows.size());
            for (int row = 0; row < m_rows.size(); ++row) {
                const QVariant &xValue =
                        x < m_rows.at(row).size() ? m_rows.at(row).at(x) : QVariant();
                std::optional<double> xNumber;
                if (overTime) {
                    if (const auto time = core::ChartSuggestion::timeValue(xValue)) {
                        xNumber = double(time->toMSecsSinceEpoch());
                        timeOfDay = timeOfDay || time->time() != QTime(0, 0);
                    }
                } else {
                    xNumber = core::ChartSuggestion::numberValue(xValue);
                }
                const std::optional<double> y = value(row, column);
                if (xNumber && y) {
                    points.append(QPointF(*xNumber, *y));
                    firstX = std::min(firstX, *xNumber);
                    lastX = std::max(lastX, *xNumber);
                }
            }
            // A line is drawn in the order of its x values, whatever the query's order.
            if (line) {
                std::stable_sort(points.begin(), points.end(),
                                 [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
            }
            QXYSeries *series = line ? static_cast<QXYSeries *>(new QLineSeries)
                                     : static_cast<QXYSeries *>(new QScatterSeries);
            if (!line)
                static_cast<QScatterSeries *>(series)->setMarkerSize(8.0);
            series->setName(m_columns.at(column).name);
            series->replace(points);
            m_chart->addSeries(series);
            seriesList.append(series);
        }
        QAbstractAxis *xAxis = nullptr;
        if (overTime) {
            auto *timeAxis = new QDateTimeAxis;
            timeAxis->setFormat(timeOfDay ? u"yyyy-MM-dd HH:mm"_s : u"yyyy-MM-dd"_s);
            timeAxis->setLabelsAngle(-30);
            // A tick per day over a short span of dates, so no label falls between two days.
            const double days = (lastX - firstX) / (24.0 * 60 * 60 * 1000);
            if (!timeOfDay && days >= 1 && days <= 12)
                timeAxis->setTickCount(int(std::lround(days)) + 1);
            xAxis = timeAxis;
        } else {
            xAxis = new QValueAxis;
        }
        xAxis->setTitleText(m_columns.at(x).name);
        auto *yAxis = new QValueAxis;
        if (m_shown.valueColumns.size() == 1)
            yAxis->setTitleText(m_columns.at(m_shown.valueColumns.first()).name);
        m_chart->addAxis(xAxis, Qt::AlignBottom);
        m_chart->addAxis(yAxis, Qt::AlignLeft);
        for (QXYSeries *series : std::as_const(seriesList)) {
            series->attachAxis(xAxis);
            series->attachAxis(yAxis);
        }
        break;
    }
    case core::ChartKind::Pie: {
        auto *series = new QPieSeries;
        const int column = m_shown.valueColumns.first();
        series->setName(m_columns.at(column).name);
        for (int row = 0; row < m_rows.size(); ++row) {
            const std::optional<double> number = value(row, column);
            if (number && *number >= 0)
                series->append(display(row, x), *number);
        }
        const bool labelled = series->count() <= core::ChartSuggestion::maxPieSlices * 2;
        const QList<QPieSlice *> slices = series->slices();
        for (QPieSlice *slice : slices) {
            slice->setLabel(tr("%1: %2").arg(slice->label(), QLocale().toString(slice->value())));
            slice->setLabelVisible(labelled);
        }
        m_chart->addSeries(series);
        break;
    }
    }
    m_chart->legend()->setVisible(m_shown.kind == core::ChartKind::Pie
                                  || m_shown.valueColumns.size() > 1);
    applyPalette();
    updateNote();
    Q_EMIT chartChanged(m_shown);
}

void ChartPanel::applyPalette()
{
    // The chart follows the widget palette (dark mode included), not a fixed theme.
    const QPalette colors = palette();
    const QColor background = colors.color(QPalette::Base);
    const QColor text = colors.color(QPalette::Text);
    const QColor lines = colors.color(QPalette::Mid);
    const bool dark = background.lightness() < 128;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundBrush(background);
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chart->setTitleBrush(text);
    m_chart->legend()->setLabelColor(text);
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(lines);
        axis->setGridLineColor(dark ? lines.darker(150) : lines.lighter(130));
    }
    const QList<QAbstractSeries *> series = m_chart->series();
    for (QAbstractSeries *one : series) {
        if (auto *pie = qobject_cast<QPieSeries *>(one)) {
            const QList<QPieSlice *> slices = pie->slices();
            for (QPieSlice *slice : slices)
                slice->setLabelColor(text);
        }
    }
    m_view->setBackgroundBrush(background);
}

void ChartPanel::updateNote()
{
    QStringList lines;
    lines.append(m_shown.reason);
    if (isCapped()) {
        lines.append(tr("Showing the first %1 of %2 rows.")
                             .arg(QLocale().toString(qlonglong(m_rows.size())),
                                  QLocale().toString(m_totalRows)));
    } else if (m_moreToFetch) {
        lines.append(
                tr("Only the %n row(s) loaded so far are drawn.", nullptr, int(m_rows.size())));
    }
    if (!m_exportNote.isEmpty())
        lines.append(m_exportNote);
    m_note->setText(lines.join(u'\n'));
}

void ChartPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

QSize ChartPanel::exportSize() const
{
    const QSize shown = m_chart->size().toSize();
    if (m_view->isVisible() && shown.width() >= 100 && shown.height() >= 100)
        return shown;
    return offscreenExportSize;
}

QRectF ChartPanel::prepareExport()
{
    const QSize size = exportSize();
    // Off screen the view has not laid the chart out: give it the export size and lay it out
    // now. On screen this changes nothing.
    if (m_chart->size().toSize() != size)
        m_chart->resize(size);
    if (QGraphicsLayout *layout = m_chart->layout())
        layout->activate();
    return m_chart->mapRectToScene(QRectF(QPointF(), QSizeF(size)));
}

core::Result<core::Done> ChartPanel::checkExport(const QString &path) const
{
    // Painting belongs to the GUI thread.
    if (QThread::currentThread() != thread()) {
        return core::makeFailure(tr("A chart can only be exported from the thread that shows it."),
                                 u"wrong_thread"_s);
    }
    if (path.trimmed().isEmpty())
        return core::makeFailure(tr("Choose a file to export the chart to."), u"invalid_path"_s);
    if (m_shown.kind == core::ChartKind::None) {
        return core::makeFailure(tr("There is no chart to export: %1").arg(m_shown.reason),
                                 u"no_chart"_s);
    }
    return core::Done{};
}

namespace {

core::Unexpected<core::Failure> writeFailure(const QString &path, const QString &why)
{
    return core::makeFailure(ChartPanel::tr("The chart could not be saved to %1: %2")
                                     .arg(QDir::toNativeSeparators(path), why),
                             u"write_failed"_s);
}

} // namespace

core::Result<core::Done> ChartPanel::exportPng(const QString &path)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const QRectF source = prepareExport();
    QImage image((source.size() * pngPixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return writeFailure(path, tr("there is not enough memory for the image"));
    image.setDevicePixelRatio(pngPixelRatio);
    image.fill(palette().color(QPalette::Base));
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing
                               | QPainter::SmoothPixmapTransform);
        m_chart->scene()->render(&painter, QRectF(QPointF(), source.size()), source);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeFailure(path, file.errorString());
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return writeFailure(path, tr("the PNG encoder failed"));
    }
    if (!file.commit())
        return writeFailure(path, file.errorString());
    return core::Done{};
}

core::Result<core::Done> ChartPanel::exportSvg(const QString &path)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const QRectF source = prepareExport();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeFailure(path, file.errorString());
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(source.size().toSize());
    generator.setViewBox(QRectF(QPointF(), source.size()));
    generator.setTitle(tr("SQLMend chart"));
    generator.setDescription(m_shown.reason);
    QPainter painter;
    if (!painter.begin(&generator)) {
        file.cancelWriting();
        return writeFailure(path, tr("the SVG writer could not start"));
    }
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_chart->scene()->render(&painter, QRectF(QPointF(), source.size()), source);
    painter.end();
    if (!file.commit())
        return writeFailure(path, file.errorString());
    return core::Done{};
}

core::Result<core::Done> ChartPanel::exportPdf(const QString &path)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const QRectF source = prepareExport();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeFailure(path, file.errorString());
    {
        // One page the shape of the chart, at 96 dots per inch like the screen.
        constexpr int dotsPerInch = 96;
        QPdfWriter writer(&file);
        writer.setResolution(dotsPerInch);
        writer.setPageSize(QPageSize(source.size() * 72.0 / dotsPerInch, QPageSize::Point,
                                     QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(), QPageLayout::Point);
        writer.setTitle(tr("SQLMend chart"));
        writer.setCreator(u"SQLMend"_s);
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return writeFailure(path, tr("the PDF writer could not start"));
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        m_chart->scene()->render(&painter, QRectF(0, 0, writer.width(), writer.height()), source);
        painter.end();
    }
    if (!file.commit())
        return writeFailure(path, file.errorString());
    return core::Done{};
}

void ChartPanel::exportInteractively(Format format)
{
    // Asynchronous dialog: no nested event loop.
    auto *dialog = new QFileDialog(this, tr("Export Chart"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    switch (format) {
    case Format::Png:
        dialog->setNameFilter(tr("PNG images (*.png)"));
        dialog->setDefaultSuffix(u"png"_s);
        break;
    case Format::Svg:
        dialog->setNameFilter(tr("SVG drawings (*.svg)"));
        dialog->setDefaultSuffix(u"svg"_s);
        break;
    case Format::Pdf:
        dialog->setNameFilter(tr("PDF documents (*.pdf)"));
        dialog->setDefaultSuffix(u"pdf"_s);
        break;
    }
    connect(dialog, &QFileDialog::fileSelected, this, [this, format](const QString &path) {
        const core::Result<core::Done> written = format == Format::Png ? exportPng(path)
                : format == Format::Svg                                ? exportSvg(path)
                                                                       : exportPdf(path);
        m_exportNote = written ? tr("Exported to %1.").arg(QDir::toNativeSeparators(path))
                               : written.error().message;
        updateNote();
    });
    dialog->open();
}

} // namespace sqlmend::ui

#include "ui/chartpanel.h"

#include "ui/savefiledialog.h"

#include <QAbstractItemModel>
#include <QActionGroup>
#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QCursor>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QAbstractItemView>
#include <QGridLayout>
#include <QPainter>
#include <QResizeEvent>
#include <QPdfWriter>
#include <QPieSeries>
#include <QPieSlice>
#include <QSaveFile>
#include <QStackedWidget>
#include <QSvgGenerator>
#include <QThread>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr QSize offscreenExportSize(800, 500);
// Kinds that draw more than one series suggest this many at most, as the suggestion does.
constexpr int maxAddedSeries = 5;
// A page or a picture smaller than this holds no readable chart.
constexpr int minExportSide = 100;
constexpr int maxExportSide = 8000;

const QList<QSize> exportSizes = {{800, 500}, {1200, 750}, {1600, 1000}, {1920, 1080}};

bool takesOneSeries(core::ChartKind kind)
{
    return kind == core::ChartKind::Bar || kind == core::ChartKind::Line
            || kind == core::ChartKind::Pie;
}

core::ChartKind singleOf(core::ChartKind kind)
{
    return kind == core::ChartKind::MultiLine ? core::ChartKind::Line : core::ChartKind::Bar;
}

core::ChartKind multipleOf(core::ChartKind kind)
{
    return kind == core::ChartKind::Line ? core::ChartKind::MultiLine : core::ChartKind::GroupedBar;
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
    for (core::ChartKind kind :
         {core::ChartKind::Bar, core::ChartKind::GroupedBar, core::ChartKind::StackedBar,
          core::ChartKind::Line, core::ChartKind::MultiLine, core::ChartKind::Area,
          core::ChartKind::Pie, core::ChartKind::Scatter, core::ChartKind::Histogram,
          core::ChartKind::None}) {
        m_kindBox->addItem(core::ChartSuggestion::kindName(kind), int(kind));
    }
    m_xBox = new QComboBox(this);
    m_xBox->setObjectName(u"chartXColumn"_s);
    m_xBox->setAccessibleName(tr("Axis column"));
    m_xBox->setToolTip(tr("The categories or the x axis; for a histogram, the column measured"));

    m_seriesButton = new QToolButton(this);
    m_seriesButton->setObjectName(u"chartSeries"_s);
    m_seriesButton->setAccessibleName(tr("Series"));
    m_seriesButton->setToolTip(tr("The numeric columns drawn"));
    m_seriesButton->setPopupMode(QToolButton::InstantPopup);
    m_seriesButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_seriesMenu = new QMenu(m_seriesButton);
    m_seriesMenu->setObjectName(u"chartSeriesMenu"_s);
    // Several columns are ticked in one visit: a click ticks and leaves the menu open.
    m_seriesMenu->installEventFilter(this);
    connect(m_seriesMenu, &QMenu::triggered, this, &ChartPanel::onSeriesToggled);
    m_seriesButton->setMenu(m_seriesMenu);

    m_aggregationBox = new QComboBox(this);
    m_aggregationBox->setObjectName(u"chartAggregation"_s);
    m_aggregationBox->setAccessibleName(tr("Aggregation"));
    m_aggregationBox->setToolTip(tr("How rows that share an axis value become one point"));
    for (core::ChartAggregation aggregation :
         {core::ChartAggregation::None, core::ChartAggregation::Sum, core::ChartAggregation::Count,
          core::ChartAggregation::Average, core::ChartAggregation::Minimum,
          core::ChartAggregation::Maximum}) {
        m_aggregationBox->addItem(core::ChartSuggestion::aggregationName(aggregation),
                                  int(aggregation));
    }

    // Narrow enough for the chat's column: the boxes show a few letters and open wide.
    for (QComboBox *box : {m_kindBox, m_xBox, m_aggregationBox}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(6);
        box->view()->setTextElideMode(Qt::ElideNone);
        box->view()->setMinimumWidth(box->view()->sizeHintForColumn(0) + 24);
    }
    m_seriesButton->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    auto *kindLabel = new QLabel(tr("C&hart:"), this);
    kindLabel->setBuddy(m_kindBox);
    auto *xLabel = new QLabel(tr("&Axis:"), this);
    xLabel->setBuddy(m_xBox);
    auto *seriesLabel = new QLabel(tr("Se&ries:"), this);
    seriesLabel->setBuddy(m_seriesButton);
    auto *aggregationLabel = new QLabel(tr("A&ggregate:"), this);
    aggregationLabel->setBuddy(m_aggregationBox);

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
    exportMenu->addSeparator();
    m_sizeMenu = exportMenu->addMenu(tr("Export &Size"));
    auto *sizes = new QActionGroup(m_sizeMenu);
    QAction *asShown = m_sizeMenu->addAction(tr("As Shown"));
    asShown->setCheckable(true);
    asShown->setChecked(true);
    asShown->setData(QSize());
    sizes->addAction(asShown);
    for (const QSize &size : exportSizes) {
        QAction *action = m_sizeMenu->addAction(tr("%1 × %2").arg(size.width()).arg(size.height()));
        action->setCheckable(true);
        action->setData(size);
        sizes->addAction(action);
    }
    connect(sizes, &QActionGroup::triggered, this,
            [this](QAction *action) { m_exportSize = action->data().toSize(); });
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
    m_view->installEventFilter(this); // labels are fitted to the view's width

    // Where no chart fits, the reason fills the chart's place: never a blank box.
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(u"chartPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(16);
    m_placeholder->setTextFormat(Qt::PlainText);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_placeholder);

    m_note = new QLabel(this);
    m_note->setObjectName(u"chartNote"_s);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_controls = new QGridLayout;
    m_controls->setHorizontalSpacing(6);
    m_controlWidgets = {kindLabel,        m_kindBox,        xLabel,
                        m_xBox,           seriesLabel,      m_seriesButton,
                        aggregationLabel, m_aggregationBox, m_exportButton};
    arrangeControls(false);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_controls);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_note);
    setTabOrder(m_kindBox, m_xBox);
    setTabOrder(m_xBox, m_seriesButton);
    setTabOrder(m_seriesButton, m_aggregationBox);
    setTabOrder(m_aggregationBox, m_exportButton);

    connect(m_kindBox, &QComboBox::currentIndexChanged, this, &ChartPanel::onKindChosen);
    connect(m_xBox, &QComboBox::currentIndexChanged, this, &ChartPanel::onAxisChosen);
    connect(m_aggregationBox, &QComboBox::currentIndexChanged, this,
            &ChartPanel::onAggregationChosen);
    for (QComboBox *box : {m_kindBox, m_xBox, m_aggregationBox}) {
        // Focus by a click or Tab, never by the wheel passing over it.
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }
    m_seriesButton->setFocusPolicy(Qt::StrongFocus);
    refresh();
}

ChartPanel::~ChartPanel() = default;

bool ChartPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize
        && m_shown.kind != core::ChartKind::None) {
        // What fits depends on the size: bars across or standing, turned labels, the pie's room,
        // the date ticks. Drawn again for the new size (a few thousand points at most).
        drawing().draw(m_chart, static_cast<QResizeEvent *>(event)->size());
        connectHover();
    }
    if (watched == m_seriesMenu && event->type() == QEvent::MouseButtonRelease) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (QAction *action = m_seriesMenu->actionAt(mouse->position().toPoint());
            action && action->isEnabled()) {
            action->trigger();
            return true;
        }
    }
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

void ChartPanel::setSource(const core::ChartSource &source)
{
    if (source.question == m_source.question && source.sql == m_source.sql)
        return;
    m_source = source;
    // Another statement: its own suggestion, not the choice made for the last one.
    m_userChoice = false;
    m_refreshTimer.start();
}

QString ChartPanel::title() const
{
    return m_chart->title();
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

QString ChartPanel::placeholderText() const
{
    return m_placeholder->text();
}

bool ChartPanel::isPlaceholderShown() const
{
    return m_stack->currentWidget() == m_placeholder;
}

QString ChartPanel::hoverText() const
{
    return m_hover;
}

QChart *ChartPanel::chart() const
{
    return m_chart;
}

core::ChartSuggestion ChartPanel::setChart(core::ChartKind kind, int categoryOrXColumn,
                                           const QList<int> &valueColumns,
                                           core::ChartAggregation aggregation)
{
    m_userChoice = true;
    m_choiceKind = kind;
    m_choiceX = categoryOrXColumn;
    m_choiceValues = valueColumns;
    m_choiceAggregation = aggregation;
    m_choiceColumns.clear();
    for (const core::ChartColumn &column : std::as_const(m_columns))
        m_choiceColumns.append(column.name);
    m_shown = core::ChartSuggestion::check(kind, categoryOrXColumn, valueColumns, m_columns, m_rows,
                                           aggregation);
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
    m_suggestion = core::ChartSuggestion::suggest(m_columns, m_rows, m_source);

    QStringList names;
    for (const core::ChartColumn &column : std::as_const(m_columns))
        names.append(column.name);
    // A person's choice survives new rows, not a different set of columns.
    if (m_userChoice && names == m_choiceColumns) {
        m_shown = core::ChartSuggestion::check(m_choiceKind, m_choiceX, m_choiceValues, m_columns,
                                               m_rows, m_choiceAggregation);
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

QList<int> ChartPanel::numericColumns(int except) const
{
    QList<int> numbers;
    const QList<core::ColumnRole> roles = core::ChartSuggestion::rolesOf(m_columns, m_rows);
    for (int i = 0; i < roles.size(); ++i) {
        if (roles.at(i) == core::ColumnRole::Number && i != except)
            numbers.append(i);
    }
    return numbers;
}

QList<int> ChartPanel::chosenSeries() const
{
    QList<int> series;
    const QList<QAction *> actions = m_seriesMenu->actions();
    for (QAction *action : actions) {
        if (action->isChecked())
            series.append(action->data().toInt());
    }
    return series;
}

void ChartPanel::rebuildControls()
{
    m_updatingControls = true;
    const core::ChartKind kind = m_userChoice ? m_choiceKind : m_shown.kind;
    const int x = m_userChoice ? m_choiceX : m_shown.categoryOrXColumn;
    const QList<int> values = m_userChoice ? m_choiceValues : m_shown.valueColumns;
    const core::ChartAggregation aggregation =
            m_userChoice ? m_choiceAggregation : m_shown.aggregation;

    m_kindBox->setCurrentIndex(std::max(0, m_kindBox->findData(int(kind))));

    m_xBox->clear();
    for (int column = 0; column < m_columns.size(); ++column)
        m_xBox->addItem(m_columns.at(column).name, column);
    m_xBox->setCurrentIndex(x >= 0 ? m_xBox->findData(x) : (m_columns.isEmpty() ? -1 : 0));
    m_xBox->view()->setMinimumWidth(m_xBox->view()->sizeHintForColumn(0) + 24);

    m_seriesMenu->clear();
    QStringList chosen;
    for (int column : numericColumns()) {
        QAction *action = m_seriesMenu->addAction(m_columns.at(column).name);
        action->setCheckable(true);
        action->setData(column);
        action->setChecked(values.contains(column));
        // The axis is not also a value.
        action->setEnabled(column != x || kind == core::ChartKind::Histogram);
        if (action->isChecked())
            chosen.append(m_columns.at(column).name);
    }
    const QString seriesText = chosen.isEmpty()
            ? (aggregation == core::ChartAggregation::Count ? tr("(rows)") : tr("(none)"))
            : chosen.join(u", "_s);
    m_seriesButton->setText(ChartDrawing::elided(seriesText));
    m_seriesButton->setToolTip(tr("The numeric columns drawn: %1").arg(seriesText));

    m_aggregationBox->setCurrentIndex(std::max(0, m_aggregationBox->findData(int(aggregation))));

    const bool hasColumns = !m_columns.isEmpty();
    const bool drawsSeries = kind != core::ChartKind::Histogram && kind != core::ChartKind::None;
    m_kindBox->setEnabled(hasColumns);
    m_xBox->setEnabled(hasColumns && kind != core::ChartKind::None);
    m_seriesButton->setEnabled(drawsSeries && !m_seriesMenu->isEmpty());
    m_aggregationBox->setEnabled(hasColumns && drawsSeries);
    m_updatingControls = false;
}

void ChartPanel::showChoice(core::ChartKind kind, int x, QList<int> values,
                            core::ChartAggregation aggregation)
{
    values.removeAll(x);
    setChart(kind, x, values, aggregation);
}

void ChartPanel::onKindChosen()
{
    if (m_updatingControls)
        return;
    const auto kind = core::ChartKind(m_kindBox->currentData().toInt());
    int x = m_xBox->currentIndex() >= 0 ? m_xBox->currentData().toInt() : -1;
    QList<int> values = chosenSeries();
    auto aggregation = core::ChartAggregation(m_aggregationBox->currentData().toInt());
    const QList<core::ColumnRole> roles = core::ChartSuggestion::rolesOf(m_columns, m_rows);
    const auto role = [&roles](int column) {
        return column >= 0 && column < roles.size() ? roles.at(column) : core::ColumnRole::Unusable;
    };

    // Keep what still fits the new kind, and change only what does not, so that switching shows
    // a chart wherever one can be drawn.
    if (kind == core::ChartKind::Histogram) {
        if (role(x) != core::ColumnRole::Number)
            x = !values.isEmpty() ? values.first() : numericColumns().value(0, x);
        aggregation = core::ChartAggregation::None;
    } else if (core::ChartSuggestion::hasAxisOfValues(kind)) {
        const bool fits = kind == core::ChartKind::Scatter
                ? role(x) == core::ColumnRole::Number
                : role(x) == core::ColumnRole::Number || role(x) == core::ColumnRole::Time;
        if (!fits) {
            int time = -1;
            for (int i = 0; i < roles.size() && kind != core::ChartKind::Scatter; ++i) {
                if (roles.at(i) == core::ColumnRole::Time) {
                    time = i;
                    break;
                }
            }
            if (time >= 0) {
                x = time;
            } else {
                // A number not drawn as a value, else the first value becomes the axis while
                // another number is left to draw; with a single number the reason says why.
                const QList<int> numbers = numericColumns();
                const auto free = std::find_if(numbers.cbegin(), numbers.cend(),
                                               [&values](int n) { return !values.contains(n); });
                if (free != numbers.cend())
                    x = *free;
                else if (numbers.size() >= 2)
                    x = numbers.first();
            }
        }
    } else if (role(x) != core::ColumnRole::Category && role(x) != core::ColumnRole::Time
               && numericColumns(x).isEmpty()) {
        // Bars or a pie along the only number would have nothing to draw: back to a label.
        for (int i = 0; i < roles.size(); ++i) {
            if (roles.at(i) == core::ColumnRole::Category
                || roles.at(i) == core::ColumnRole::Time) {
                x = i;
                break;
            }
        }
    }
    values.removeAll(x);
    if (kind != core::ChartKind::Histogram && values.isEmpty()
        && aggregation != core::ChartAggregation::Count) {
        values = numericColumns(x).mid(0, 1);
    }
    if (takesOneSeries(kind) && values.size() > 1)
        values = values.mid(0, 1);
    if (core::ChartSuggestion::isMultiSeries(kind) && values.size() < 2) {
        for (int column : numericColumns(x)) {
            if (values.size() >= maxAddedSeries)
                break;
            if (!values.contains(column))
                values.append(column);
        }
    }
    showChoice(kind, x, values, aggregation);
}

void ChartPanel::onAxisChosen()
{
    if (m_updatingControls)
        return;
    const auto kind = core::ChartKind(m_kindBox->currentData().toInt());
    const int x = m_xBox->currentIndex() >= 0 ? m_xBox->currentData().toInt() : -1;
    QList<int> values = chosenSeries();
    const auto aggregation = core::ChartAggregation(m_aggregationBox->currentData().toInt());
    // The new axis stops being a value; another number takes its place.
    if (values.removeAll(x) > 0 && values.isEmpty()) {
        const QList<int> others = numericColumns(x);
        if (!others.isEmpty())
            values.append(others.first());
    }
    showChoice(kind, x, values, aggregation);
}

void ChartPanel::onSeriesToggled(QAction *action)
{
    Q_UNUSED(action);
    if (m_updatingControls)
        return;
    auto kind = core::ChartKind(m_kindBox->currentData().toInt());
    const int x = m_xBox->currentIndex() >= 0 ? m_xBox->currentData().toInt() : -1;
    QList<int> values = chosenSeries();
    const auto aggregation = core::ChartAggregation(m_aggregationBox->currentData().toInt());
    // One series more or fewer moves between the single and the several of a kind.
    if (kind == core::ChartKind::Pie && values.size() > 1) {
        const int added = action ? action->data().toInt() : values.last();
        values = {added};
    } else if (takesOneSeries(kind) && values.size() > 1) {
        kind = multipleOf(kind);
    } else if (core::ChartSuggestion::isMultiSeries(kind) && values.size() == 1) {
        kind = singleOf(kind);
    }
    showChoice(kind, x, values, aggregation);
}

void ChartPanel::onAggregationChosen()
{
    if (m_updatingControls)
        return;
    const auto kind = core::ChartKind(m_kindBox->currentData().toInt());
    const int x = m_xBox->currentIndex() >= 0 ? m_xBox->currentData().toInt() : -1;
    showChoice(kind, x, chosenSeries(),
               core::ChartAggregation(m_aggregationBox->currentData().toInt()));
}

ChartDrawing ChartPanel::drawing() const
{
    ChartDrawing drawing;
    drawing.kind = m_shown.kind;
    drawing.table = m_table;
    drawing.title = core::ChartSuggestion::title(m_shown, m_columns, m_source);
    const int x = m_shown.categoryOrXColumn;
    if (m_shown.kind == core::ChartKind::Histogram) {
        drawing.xTitle = x >= 0 ? m_columns.at(x).name : QString();
        drawing.yTitle = tr("Rows");
    } else if (m_shown.kind != core::ChartKind::None) {
        drawing.xTitle = x >= 0 ? m_columns.at(x).name : QString();
        if (m_table.series.size() == 1)
            drawing.yTitle = m_table.series.first().name;
    }
    const QPalette colors = palette();
    drawing.background = colors.color(QPalette::Base);
    drawing.text = colors.color(QPalette::Text);
    drawing.lines = colors.color(QPalette::Mid);
    return drawing;
}

void ChartPanel::rebuildChart()
{
    QStringList labels;
    const int x = m_shown.categoryOrXColumn;
    labels.reserve(m_displayRows.size());
    for (const QStringList &row : std::as_const(m_displayRows))
        labels.append(x >= 0 && x < row.size() ? row.at(x) : QString());
    m_table = core::ChartTable::build(m_shown, m_columns, m_rows, labels);
    if (m_shown.kind != core::ChartKind::None && m_table.isEmpty()) {
        m_shown = core::ChartSuggestion();
        m_shown.reason = tr("No chart fits: no row has a value to draw in the chosen columns.");
    }
    const QSize size = m_view->isVisible() ? m_view->size() : offscreenExportSize;
    drawing().draw(m_chart, size);
    setHover(QString());
    connectHover();

    if (m_shown.kind == core::ChartKind::None) {
        const bool chosenNone = m_userChoice && m_choiceKind == core::ChartKind::None;
        m_placeholder->setText(
                chosenNone ? m_shown.reason
                           : tr("No chart fits these columns.\n%1").arg(m_shown.reason));
        m_stack->setCurrentWidget(m_placeholder);
    } else {
        m_stack->setCurrentWidget(m_view);
    }
    updateNote();
    Q_EMIT chartChanged(m_shown);
}

void ChartPanel::setHover(const QString &text)
{
    m_hover = text;
    m_view->setToolTip(text);
    if (text.isEmpty())
        QToolTip::hideText();
    else if (m_view->isVisible())
        QToolTip::showText(QCursor::pos(), text, m_view);
}

void ChartPanel::connectHover()
{
    // The tooltip carries what a cut label or an axis cannot: the full label and the value.
    const auto pointText = [this](int point, int series) {
        if (point < 0 || point >= m_table.labels.size() || series < 0
            || series >= m_table.series.size()) {
            return QString();
        }
        const core::ChartTable::Series &one = m_table.series.at(series);
        const std::optional<double> value = one.values.value(point);
        return tr("%1\n%2: %3")
                .arg(m_table.labels.at(point), one.name,
                     value ? core::ChartTable::formatNumber(*value, one.integral) : tr("no value"));
    };
    const QList<QAbstractSeries *> all = m_chart->series();
    for (int index = 0; index < all.size(); ++index) {
        QAbstractSeries *series = all.at(index);
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            const bool reversed = bars->property(ChartDrawing::reversedProperty).toBool();
            connect(bars, &QAbstractBarSeries::hovered, this,
                    [this, bars, reversed, pointText](bool status, int point, QBarSet *set) {
                        if (reversed)
                            point = int(m_table.labels.size()) - 1 - point;
                        setHover(status ? pointText(point, int(bars->barSets().indexOf(set)))
                                        : QString());
                    });
        } else if (auto *pie = qobject_cast<QPieSeries *>(series)) {
            connect(pie, &QPieSeries::hovered, this, [this, pie](QPieSlice *slice, bool state) {
                if (!state || !slice) {
                    setHover(QString());
                    return;
                }
                const double total = pie->sum();
                const bool integral = !m_table.series.isEmpty() && m_table.series.first().integral;
                setHover(tr("%1\n%2 (%3%)")
                                 .arg(slice->property("category").toString(),
                                      core::ChartTable::formatNumber(slice->value(), integral),
                                      core::ChartTable::formatNumber(
                                              total > 0 ? std::round(1000 * slice->value() / total)
                                                              / 10
                                                        : 0,
                                              false)));
            });
        } else {
            // Lines, areas, dots: the point nearest the pointer along x.
            const auto nearest = [this, index, pointText](const QPointF &at, bool state) {
                if (!state) {
                    setHover(QString());
                    return;
                }
                int best = -1;
                double distance = 0;
                for (int i = 0; i < m_table.xValues.size(); ++i) {
                    if (!m_table.xValues.at(i))
                        continue;
                    const double d = std::abs(*m_table.xValues.at(i) - at.x());
                    if (best < 0 || d < distance) {
                        best = i;
                        distance = d;
                    }
                }
                setHover(pointText(best, index));
            };
            if (auto *xy = qobject_cast<QXYSeries *>(series))
                connect(xy, &QXYSeries::hovered, this, nearest);
            else if (auto *area = qobject_cast<QAreaSeries *>(series))
                connect(area, &QAreaSeries::hovered, this, nearest);
        }
    }
}

void ChartPanel::applyPalette()
{
    drawing().draw(m_chart, m_view->isVisible() ? m_view->size() : offscreenExportSize);
    connectHover();
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

void ChartPanel::arrangeControls(bool twoRows)
{
    m_twoRows = twoRows;
    for (QWidget *widget : std::as_const(m_controlWidgets))
        m_controls->removeWidget(widget);
    for (int column = 0; column < m_controls->columnCount(); ++column)
        m_controls->setColumnStretch(column, 0);
    if (!twoRows) {
        for (int i = 0; i < m_controlWidgets.size(); ++i)
            m_controls->addWidget(m_controlWidgets.at(i), 0, i);
        for (int column : {1, 3, 5, 7})
            m_controls->setColumnStretch(column, 1);
        return;
    }
    // In a narrow place (the chat's column): what is drawn above, how it is summed below.
    m_controls->addWidget(m_controlWidgets.at(0), 0, 0);
    m_controls->addWidget(m_controlWidgets.at(1), 0, 1);
    m_controls->addWidget(m_controlWidgets.at(2), 0, 2);
    m_controls->addWidget(m_controlWidgets.at(3), 0, 3, 1, 2);
    m_controls->addWidget(m_controlWidgets.at(4), 1, 0);
    m_controls->addWidget(m_controlWidgets.at(5), 1, 1);
    m_controls->addWidget(m_controlWidgets.at(6), 1, 2);
    m_controls->addWidget(m_controlWidgets.at(7), 1, 3);
    m_controls->addWidget(m_controlWidgets.at(8), 1, 4);
    m_controls->setColumnStretch(1, 1);
    m_controls->setColumnStretch(3, 1);
}

int ChartPanel::oneRowWidth() const
{
    int width = 0;
    for (QWidget *widget : std::as_const(m_controlWidgets))
        width += widget->minimumSizeHint().width() + m_controls->horizontalSpacing();
    const QMargins margins = layout()->contentsMargins();
    return width + margins.left() + margins.right();
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool narrow = event->size().width() < oneRowWidth();
    if (narrow != m_twoRows)
        arrangeControls(narrow);
}

void ChartPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

QSize ChartPanel::exportSize() const
{
    if (m_exportSize.isValid())
        return m_exportSize;
    const QSize shown = m_view->size();
    if (m_view->isVisible() && shown.width() >= minExportSide && shown.height() >= minExportSide)
        return shown;
    return offscreenExportSize;
}

void ChartPanel::setExportSize(QSize size)
{
    m_exportSize = size.isValid() ? size : QSize();
    const QList<QAction *> actions = m_sizeMenu->actions();
    for (QAction *action : actions)
        action->setChecked(action->data().toSize() == m_exportSize);
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

void ChartPanel::renderOffscreen(QPainter *painter, const QRectF &target, QSize size) const
{
    // A chart of its own at the export size, so that the layout, the turned labels, the legend
    // and the pie's room for labels are those of that size, not of the screen.
    QGraphicsScene scene;
    auto *chart = new QChart;
    scene.addItem(chart); // the scene owns it
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setFont(m_chart->font());
    chart->setMinimumSize(size);
    chart->resize(size);
    drawing().draw(chart, size);
    chart->resize(size);
    if (QGraphicsLayout *layout = chart->layout())
        layout->activate();
    scene.setSceneRect(QRectF(QPointF(), QSizeF(size)));
    scene.render(painter, target, QRectF(QPointF(), QSizeF(size)));
}

namespace {

core::Unexpected<core::Failure> writeFailure(const QString &path, const QString &why)
{
    return core::makeFailure(ChartPanel::tr("The chart could not be saved to %1: %2")
                                     .arg(QDir::toNativeSeparators(path), why),
                             u"write_failed"_s);
}

core::Result<QSize> checkedSize(QSize size)
{
    if (size.width() < minExportSide || size.height() < minExportSide
        || size.width() > maxExportSide || size.height() > maxExportSide) {
        return core::makeFailure(ChartPanel::tr("An export is %1 to %2 pixels wide and high; "
                                                "%3 × %4 is not.")
                                         .arg(minExportSide)
                                         .arg(maxExportSide)
                                         .arg(size.width())
                                         .arg(size.height()),
                                 u"invalid_size"_s);
    }
    return size;
}

} // namespace

core::Result<core::Done> ChartPanel::exportPng(const QString &path, QSize size)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const core::Result<QSize> chosen = checkedSize(size.isValid() ? size : exportSize());
    if (!chosen)
        return core::makeUnexpected(chosen.error());
    QImage image(*chosen * pngPixelRatio, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return writeFailure(path, tr("there is not enough memory for the image"));
    image.setDevicePixelRatio(pngPixelRatio);
    image.fill(palette().color(QPalette::Base));
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing
                               | QPainter::SmoothPixmapTransform);
        renderOffscreen(&painter, QRectF(QPointF(), QSizeF(*chosen)), *chosen);
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

core::Result<core::Done> ChartPanel::exportSvg(const QString &path, QSize size)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const core::Result<QSize> chosen = checkedSize(size.isValid() ? size : exportSize());
    if (!chosen)
        return core::makeUnexpected(chosen.error());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeFailure(path, file.errorString());
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(*chosen);
    generator.setViewBox(QRectF(QPointF(), QSizeF(*chosen)));
    generator.setTitle(title().isEmpty() ? tr("SQLMend chart") : title());
    generator.setDescription(m_shown.reason);
    QPainter painter;
    if (!painter.begin(&generator)) {
        file.cancelWriting();
        return writeFailure(path, tr("the SVG writer could not start"));
    }
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    renderOffscreen(&painter, QRectF(QPointF(), QSizeF(*chosen)), *chosen);
    painter.end();
    if (!file.commit())
        return writeFailure(path, file.errorString());
    return core::Done{};
}

core::Result<core::Done> ChartPanel::exportPdf(const QString &path, QSize size)
{
    if (auto checked = checkExport(path); !checked)
        return checked;
    const core::Result<QSize> chosen = checkedSize(size.isValid() ? size : exportSize());
    if (!chosen)
        return core::makeUnexpected(chosen.error());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeFailure(path, file.errorString());
    {
        // One page the shape of the chart, at 96 dots per inch like the screen.
        constexpr int dotsPerInch = 96;
        QPdfWriter writer(&file);
        writer.setResolution(dotsPerInch);
        writer.setPageSize(QPageSize(QSizeF(*chosen) * 72.0 / dotsPerInch, QPageSize::Point,
                                     QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(), QPageLayout::Point);
        writer.setTitle(title().isEmpty() ? tr("SQLMend chart") : title());
        writer.setCreator(u"SQLMend"_s);
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return writeFailure(path, tr("the PDF writer could not start"));
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        renderOffscreen(&painter, QRectF(0, 0, writer.width(), writer.height()), *chosen);
        painter.end();
    }
    if (!file.commit())
        return writeFailure(path, file.errorString());
    return core::Done{};
}

void ChartPanel::exportInteractively(Format format)
{
    // Asynchronous dialog: no nested event loop. One dialog for the three types, the one asked
    // for selected, named after the chart's title.
    auto *dialog = new SaveFileDialog(this, tr("Export Chart"));
    dialog->addType(tr("PNG images"), u"png"_s);
    dialog->addType(tr("SVG drawings"), u"svg"_s);
    dialog->addType(tr("PDF documents"), u"pdf"_s);
    dialog->selectType(int(format));
    dialog->setSuggestedName(SaveFileDialog::fileNameFrom(title(), tr("chart")));
    connect(dialog, &SaveFileDialog::chosen, this, [this](const QString &path, int type) {
        const core::Result<core::Done> written = type == int(Format::Png) ? exportPng(path)
                : type == int(Format::Svg)                                ? exportSvg(path)
                                                                          : exportPdf(path);
        m_exportNote = written ? tr("Exported to %1 (%2 × %3).")
                                         .arg(QDir::toNativeSeparators(path))
                                         .arg(exportSize().width())
                                         .arg(exportSize().height())
                               : written.error().message;
        updateNote();
    });
    dialog->open();
}

} // namespace sqlmend::ui
